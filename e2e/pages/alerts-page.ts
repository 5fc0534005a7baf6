import { expect, type Locator, type Page } from "@playwright/test";

/** /alerts: the fleet's alerts grouped by global service, filters in the URL. */
export class AlertsPage {
  readonly heading: Locator;
  readonly severity: Locator;
  readonly state: Locator;
  readonly kind: Locator;
  readonly cluster: Locator;
  readonly service: Locator;
  readonly sources: Locator;
  readonly partial: Locator;
  readonly empty: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { level: 1, name: "Alerts" });
    this.severity = page.getByRole("combobox", { name: "Severity" });
    this.state = page.getByRole("combobox", { name: "State" });
    this.kind = page.getByRole("combobox", { name: "Kind" });
    this.cluster = page.getByRole("combobox", { name: "Cluster" });
    this.service = page.getByRole("combobox", { name: "Global service" });
    this.sources = page.getByTestId("alert-sources");
    this.partial = page.getByTestId("alerts-partial");
    this.empty = page.getByTestId("alerts-empty");
  }

  async goto(query = ""): Promise<void> {
    await this.page.goto(`/alerts${query ? `?${query}` : ""}`);
    await expect(this.heading).toBeVisible();
  }

  /** A global service's group: its rollup badge, instance strip and alert rows. */
  serviceGroup(namespace: string, name: string): Locator {
    return this.page.getByTestId(`alert-group-${namespace}-${name}`);
  }

  rollupBadge(namespace: string, name: string): Locator {
    return this.serviceGroup(namespace, name).getByTestId("rollup-badge");
  }

  /** A cluster's own group (agent, staleness alerts). */
  clusterGroup(cluster: string): Locator {
    return this.page.getByTestId(`alert-group-cluster-${cluster}`);
  }

  source(name: string): Locator {
    return this.page.getByTestId(`source-${name}`);
  }
}
