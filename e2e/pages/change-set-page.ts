import { expect, type Locator, type Page } from "@playwright/test";
import { AppShell } from "./app-shell";

/** /changes/[number]: one change set, its per-cluster status, diff and rollback. */
export class ChangeSetPage {
  readonly shell: AppShell;
  readonly heading: Locator;
  readonly status: Locator;
  readonly clusters: Locator;
  readonly rollbackButton: Locator;
  readonly rollbackDialog: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.heading = page.getByRole("heading", { level: 1 });
    this.status = page.getByTestId("change-set-status").getByTestId("change-status");
    this.clusters = page.getByRole("table", { name: "Cluster status" });
    this.rollbackButton = page.getByRole("button", { name: "Roll back" });
    this.rollbackDialog = page.getByTestId("rollback-dialog");
  }

  async goto(number: number): Promise<void> {
    await this.page.goto(`/changes/${number}`);
    await expect(this.heading).toBeVisible();
  }

  clusterStatus(cluster: string): Locator {
    return this.page.getByTestId(`cluster-status-${cluster}`);
  }

  /** The change-set number in the URL. */
  number(): number {
    const m = /\/changes\/(\d+)/.exec(this.page.url());
    if (!m) throw new Error(`not on a change-set page: ${this.page.url()}`);
    return Number(m[1]);
  }
}
