import { expect, type Locator, type Page } from "@playwright/test";
import { AppShell } from "./app-shell";

/** /services: every global service, with search and filters kept in the URL. */
export class ServicesPage {
  readonly shell: AppShell;
  readonly heading: Locator;
  readonly search: Locator;
  readonly clusterFilter: Locator;
  readonly namespaceFilter: Locator;
  readonly meshFilter: Locator;
  readonly multiClusterOnly: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly empty: Locator;
  /** The header's count: "4 global services." or, filtered, "3 of 4 global services.". */
  readonly count: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.heading = page.getByRole("heading", { level: 1 });
    this.search = page.getByRole("searchbox", { name: "Search services" });
    this.clusterFilter = page.getByRole("combobox", { name: "Cluster" });
    this.namespaceFilter = page.getByRole("combobox", { name: "Namespace" });
    this.meshFilter = page.getByRole("combobox", { name: "Mesh" });
    this.multiClusterOnly = page.getByRole("checkbox", { name: "Multi-cluster only" });
    this.table = page.getByRole("table", { name: "Global services" });
    this.rows = this.table.locator("tbody").getByRole("row");
    this.empty = page.getByText("No services match");
    this.count = page.getByTestId("services-count");
  }

  async goto(query = ""): Promise<void> {
    await this.page.goto(`/services${query ? `?${query}` : ""}`);
    await expect(this.search).toBeVisible();
  }

  /** A global service's row, by its name (the link on the first line of the Service column). */
  row(name: string): Locator {
    return this.rows.filter({
      has: this.page.locator("td:first-child > :first-child", {
        hasText: new RegExp(`^${name}$`),
      }),
    });
  }

  /** The clusters a service's row links to (its cluster chips, in the Clusters column). */
  clusterChips(name: string): Locator {
    return this.row(name).locator("td").nth(2).getByRole("link");
  }

  /** Names of the services currently listed, in order. */
  async names(): Promise<string[]> {
    const cells = this.rows.locator("td:first-child > :first-child");
    return (await cells.allInnerTexts()).map((s) => s.trim());
  }

  /** Wait until the list shows exactly these services (search is debounced and fetched). */
  async expectNames(names: string[]): Promise<void> {
    await expect(this.rows.locator("td:first-child > :first-child")).toHaveText(names);
  }
}
