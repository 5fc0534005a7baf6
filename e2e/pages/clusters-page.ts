import { expect, type Locator, type Page } from "@playwright/test";
import { AppShell } from "./app-shell";

/** /clusters: the table of every cluster. */
export class ClustersPage {
  readonly shell: AppShell;
  readonly heading: Locator;
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.heading = page.getByRole("heading", { level: 1, name: "Clusters" });
    this.table = page.getByRole("table", { name: "Clusters" });
  }

  async goto(): Promise<void> {
    await this.page.goto("/clusters");
    await expect(this.heading).toBeVisible();
  }

  /** A cluster's row; each row shows the cluster's technical name under its display name. */
  row(name: string): Locator {
    return this.table.getByRole("row").filter({ has: this.page.getByText(name, { exact: true }) });
  }

  async open(name: string): Promise<void> {
    await this.row(name).getByRole("link").first().click();
  }
}

/** /clusters/[name]: one cluster's meshes, services and agent. */
export class ClusterDetailPage {
  readonly shell: AppShell;
  readonly breadcrumb: Locator;
  readonly meshes: Locator;
  readonly services: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    this.meshes = page.getByRole("table", { name: "Meshes" });
    this.services = page.getByRole("table", { name: "Services in this cluster" });
  }

  async goto(name: string): Promise<void> {
    await this.page.goto(`/clusters/${encodeURIComponent(name)}`);
  }

  /** The service names in the services table (the first line of the Name column). */
  async serviceNames(): Promise<string[]> {
    const cells = this.services.getByRole("row").locator("td:nth-child(2) > div:first-child");
    return (await cells.allInnerTexts()).map((s) => s.trim());
  }
}
