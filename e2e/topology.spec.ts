import { adminTest as test, expect } from "./helpers/fixtures";
import { TopologyPage } from "./pages/topology-page";

test.describe("topology map", () => {
  test("shows the demo fleet's clusters grouped by region, and its calls or the metrics banner", async ({
    page,
    capture,
  }) => {
    const map = new TopologyPage(page);
    await map.goto();

    const nodes = await map.nodes();
    const parent = (id: string) => nodes.find((n) => n.id === id)?.parent;
    expect(
      nodes
        .filter((n) => n.classes.includes("region"))
        .map((n) => n.id)
        .sort(),
    ).toEqual(["region:eu-west-1", "region:us-east-1"]);
    expect(parent("cluster:east-1")).toBe("region:us-east-1");
    expect(parent("cluster:east-2")).toBe("region:us-east-1");
    expect(parent("cluster:west-1")).toBe("region:eu-west-1");
    expect(parent("svc:east-2/bookinfo/reviews")).toBe("cluster:east-2");
    expect(nodes.filter((n) => n.classes.includes("global-service"))).toHaveLength(4);
    await expect(map.legend).toBeVisible();

    // With Prometheus in the demo the calls are drawn, cross-cluster ones marked; without it
    // the map says that calls need metrics.
    const api = await page.request.get("/api/v1/topology");
    const { metrics } = (await api.json()) as { metrics: { configured: boolean } };
    if (metrics.configured) {
      await expect
        .poll(async () => (await map.edges()).filter((e) => e.classes.includes("cross")).length, {
          timeout: 90_000,
        })
        .toBeGreaterThan(0);
    } else {
      await expect(map.metricsBanner).toContainText("Calls need metrics");
      await expect(map.metricsBanner.getByRole("link")).toHaveText("Configure a Prometheus source");
    }
    await capture("map");
  });

  test("clicking reviews opens its panel; search centres a node; layout survives a refresh", async ({
    page,
    capture,
  }) => {
    const map = new TopologyPage(page);
    await map.goto();
    await map.clickNode("svc:east-2/bookinfo/reviews");
    await expect(map.panel).toBeVisible();
    await expect(map.panel.getByRole("heading", { name: "reviews" })).toBeVisible();
    await expect(map.panel.getByTestId("panel-instances").getByRole("listitem")).toHaveCount(3);
    await expect(map.panel.getByRole("link", { name: "Open global service" })).toHaveAttribute(
      "href",
      "/services/bookinfo/reviews",
    );
    // The matrix opens focused on the service (issue 36, defect 11).
    await expect(map.panel.getByRole("link", { name: /Change sharing/ })).toHaveAttribute(
      "href",
      "/sharing?q=bookinfo%2Freviews",
    );
    await capture("reviews-panel");

    const before = (await map.node("svc:west-1/bookinfo/ratings"))?.position;
    await map.panel.getByRole("button", { name: "Close details" }).click();
    await expect(map.panel).toBeHidden();

    await map.search.fill("productpage · west-1");
    await map.search.press("Enter");
    await expect(map.panel.getByRole("heading", { name: "productpage" })).toBeVisible();
    await expect(map.panel).toContainText("EU West 1");

    // A live refresh (react-query refetch every 10 s) keeps every node where it was.
    await page.waitForResponse((r) => r.url().includes("/api/v1/topology"), { timeout: 20_000 });
    expect((await map.node("svc:west-1/bookinfo/ratings"))?.position).toEqual(before);
  });

  test("filtering to one namespace keeps it in the URL and on the map", async ({
    page,
    capture,
  }) => {
    const map = new TopologyPage(page);
    await map.goto();
    await map.namespaceFilter.selectOption("bookinfo");
    await expect(page).toHaveURL(/[?&]namespace=bookinfo(&|$)/);
    await expect
      .poll(async () => (await map.nodes()).filter((n) => n.classes.includes("service")).length)
      // Three clusters' bookinfo services and the demo VM site's ratings.
      .toBe(10);
    await page.getByRole("checkbox", { name: "Group by namespace" }).check();
    await expect
      .poll(async () =>
        (await map.nodes())
          .filter((n) => n.classes.includes("namespace"))
          .map((n) => n.id)
          .sort(),
      )
      .toEqual([
        "ns:east-1/bookinfo",
        "ns:east-2/bookinfo",
        "ns:ratings-legacy/bookinfo",
        "ns:west-1/bookinfo",
      ]);
    await capture("namespace-grouped");
    await page.reload();
    await expect(map.namespaceFilter).toHaveValue("bookinfo");

    await page.getByRole("combobox", { name: "Cluster" }).selectOption("west-1");
    await expect
      .poll(async () =>
        (await map.nodes()).filter((n) => n.classes.includes("cluster")).map((n) => n.id),
      )
      .toEqual(["cluster:west-1"]);
  });

  test("the panel describes the service, not the view: grouped by namespace, or filtered to one cluster", async ({
    page,
    capture,
  }) => {
    const map = new TopologyPage(page);
    await map.goto("group=namespace");
    await map.clickNode("svc:east-2/bookinfo/reviews");
    const instances = map.panel.getByTestId("panel-instances");
    // The cluster, not the namespace it is grouped under.
    await expect(map.panel.getByText("bookinfo · US East 2 (secondary) · us-east-1")).toBeVisible();
    await expect(instances).toContainText("US East 1 (primary)");
    await expect(instances).toContainText("EU West 1");
    await expect(instances).not.toContainText("bookinfo (this)");
    await capture("panel-grouped-by-namespace");

    await map.goto("cluster=east-2");
    await map.clickNode("svc:east-2/bookinfo/reviews");
    await expect(map.panel.getByRole("heading", { name: "Runs in 3 clusters" })).toBeVisible();
    await expect(instances.getByRole("listitem")).toHaveCount(1);
    await expect(map.panel.getByTestId("panel-instances-filtered")).toContainText(
      "1 shown: the map is filtered.",
    );
    await expect(map.panel.getByRole("link", { name: "All 3 on its page" })).toHaveAttribute(
      "href",
      "/services/bookinfo/reviews",
    );
    await capture("panel-filtered");
  });

  test("a folded cluster is one node; its panel unfolds it", async ({ page, capture }) => {
    const map = new TopologyPage(page);
    await map.goto("collapse=cluster:east-2");
    expect((await map.node("cluster:east-2"))?.classes).toContain("collapsed");
    expect((await map.nodes()).filter((n) => n.id.startsWith("svc:east-2/"))).toEqual([]);
    await capture("folded-cluster");
    await map.clickNode("cluster:east-2");
    await expect(map.panel).toContainText("Folded");
    await map.panel.getByRole("button", { name: "Unfold on the map" }).click();
    await expect(page).toHaveURL(/[?&]collapse=none(&|$)/);
    await expect
      .poll(async () => (await map.node("svc:east-2/bookinfo/reviews"))?.parent)
      .toBe("cluster:east-2");
  });

  test("dark theme", async ({ page, capture }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    const map = new TopologyPage(page);
    await map.goto();
    await map.clickNode("svc:east-1/bookinfo/productpage");
    await expect(map.panel).toBeVisible();
    await capture("map-dark");
  });
});
