import { expect, type Locator, type Page } from "@playwright/test";
import type { TopologyTestHook } from "../../components/graph/test-hook";

type HookNode = ReturnType<TopologyTestHook["nodes"]>[number];
type HookEdge = ReturnType<TopologyTestHook["edges"]>[number];

/**
 * /topology: the map. The canvas is read through the test hook (window.__meridianTopology),
 * which the app installs only when the page was opened with __MERIDIAN_TEST_HOOKS__ set.
 */
export class TopologyPage {
  readonly canvas: Locator;
  readonly panel: Locator;
  readonly metricsBanner: Locator;
  readonly legend: Locator;
  readonly search: Locator;
  readonly namespaceFilter: Locator;
  readonly summary: Locator;

  constructor(readonly page: Page) {
    this.canvas = page.getByTestId("topology-canvas");
    this.panel = page.getByTestId("node-panel");
    this.metricsBanner = page.getByTestId("metrics-banner");
    this.legend = page.getByTestId("topology-legend");
    this.search = page.getByRole("combobox", { name: "Find a node on the map" });
    this.namespaceFilter = page.getByRole("combobox", { name: "Namespace" });
    this.summary = page.getByTestId("topology-summary");
  }

  /** Opens the map with the test hook enabled and waits until the graph is drawn. */
  async goto(query = ""): Promise<void> {
    await this.page.addInitScript(() => {
      window.__MERIDIAN_TEST_HOOKS__ = true;
    });
    await this.page.goto(`/topology${query ? `?${query}` : ""}`);
    await expect
      .poll(async () => (await this.nodes()).length, { timeout: 20_000 })
      .toBeGreaterThan(0);
  }

  async nodes(): Promise<HookNode[]> {
    return this.page.evaluate(() => window.__meridianTopology?.nodes() ?? []);
  }

  async edges(): Promise<HookEdge[]> {
    return this.page.evaluate(() => window.__meridianTopology?.edges() ?? []);
  }

  async node(id: string): Promise<HookNode | undefined> {
    return (await this.nodes()).find((n) => n.id === id);
  }

  /** A real mouse click on a node's centre on the canvas. */
  async clickNode(id: string): Promise<void> {
    const n = await this.node(id);
    if (!n) throw new Error(`node ${id} is not on the map`);
    await this.page.mouse.click(n.page.x, n.page.y);
  }
}
