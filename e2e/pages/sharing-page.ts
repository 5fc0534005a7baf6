import { expect, type Locator, type Page } from "@playwright/test";
import { AppShell } from "./app-shell";

/** /sharing: the export matrix, its draft, and the plan review it opens. */
export class SharingPage {
  readonly shell: AppShell;
  readonly heading: Locator;
  readonly matrix: Locator;
  readonly search: Locator;
  readonly namespaceFilter: Locator;
  readonly reviewButton: Locator;
  readonly discardButton: Locator;
  readonly plan: PlanReviewPanel;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.heading = page.getByRole("heading", { level: 1, name: "Sharing" });
    this.matrix = page.getByRole("table", { name: "Export matrix" });
    this.search = page.getByRole("searchbox", { name: "Search global services" });
    this.namespaceFilter = page.getByRole("combobox", { name: "Namespace" });
    this.reviewButton = page.getByRole("button", { name: /^Review plan/ });
    this.discardButton = page.getByRole("button", { name: "Discard" });
    this.plan = new PlanReviewPanel(page);
  }

  async goto(): Promise<void> {
    await this.page.goto("/sharing");
    await expect(this.heading).toBeVisible();
    await expect(this.matrix).toBeVisible();
  }

  /** The export toggle of `namespace/name` in a cluster. */
  exportToggle(service: string, cluster: string): Locator {
    return this.matrix.getByRole("button", { name: `Export ${service} from ${cluster}` });
  }

  importToggle(service: string, cluster: string): Locator {
    return this.matrix.getByRole("button", { name: `Import ${service} into ${cluster}` });
  }

  row(service: string): Locator {
    return this.page.getByTestId(`matrix-row-${service}`);
  }
}

/** The plan review screen (shared by the matrix and the failover editor). */
export class PlanReviewPanel {
  readonly root: Locator;
  readonly summary: Locator;
  readonly applyButton: Locator;
  readonly backButton: Locator;
  readonly stale: Locator;
  readonly applyError: Locator;
  readonly readOnly: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId("plan-review");
    this.summary = this.root.getByTestId("plan-summary");
    this.applyButton = this.root.getByRole("button", { name: "Apply", exact: true });
    this.backButton = this.root.getByRole("button", { name: "Back to edit" });
    this.stale = this.root.getByTestId("plan-stale");
    this.applyError = this.root.getByTestId("apply-error");
    this.readOnly = this.root.getByTestId("plan-read-only");
  }

  cluster(name: string): Locator {
    return this.root.getByTestId(`plan-cluster-${name}`);
  }

  diff(name: string): Locator {
    return this.cluster(name).getByTestId("yaml-diff");
  }
}
