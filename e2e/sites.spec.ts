// VM sites (issue 22): the demo's ratings-legacy, two VMs in eu-west-1 reported by a static-mode
// agent, shown beside the clusters on the overview, as a kind in the clusters list, as a site on
// the topology map and as the last failover tier of ratings — in light, dark and 390 px wide.
import type { Page } from "@playwright/test";
import { adminTest as test, expect } from "./helpers/fixtures";
import { ClustersPage } from "./pages/clusters-page";
import { FailoverSection } from "./pages/failover-section";
import { OverviewPage } from "./pages/overview-page";
import { TopologyPage } from "./pages/topology-page";

const SITE = "ratings-legacy";

/** Capture `name` in light, dark and 390 px wide (scrolled to `target` when given). */
async function captureThree(
  page: Page,
  capture: (name: string) => Promise<void>,
  name: string,
  reveal?: () => Promise<void>,
) {
  await reveal?.();
  await capture(name);
  await page.emulateMedia({ colorScheme: "dark" });
  await reveal?.();
  await capture(`${name}-dark`);
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 390, height: 844 });
  await reveal?.();
  await capture(`${name}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe("VM sites", () => {
  test("the site sits beside the clusters of its region on the overview, badged as a VM site", async ({
    page,
    capture,
  }) => {
    const overview = new OverviewPage(page);
    await overview.goto();
    const card = page.getByTestId(`cluster-card-${SITE}`);
    await expect(overview.clusterCard(SITE)).toBeVisible();
    await expect(card).toContainText("Ratings legacy VMs");
    await expect(card.getByTestId("site-badge")).toHaveText("VM site");
    await expect(card).toContainText("via east-1");
    // Its workloads are its endpoints: two VMs, both healthy.
    await expect(card).toContainText("2/2");
    await expect(page.getByText(/^1 cluster · 1 VM site$/)).toBeVisible();
    await captureThree(page, capture, "overview", () => card.scrollIntoViewIfNeeded());

    const clusters = new ClustersPage(page);
    await clusters.goto();
    // In the Kind column on wide screens, beside the name below 2xl.
    await expect(
      clusters.row(SITE).getByTestId("site-badge").filter({ visible: true }),
    ).toHaveCount(1);
    await expect(clusters.row("east-1").getByTestId("site-badge")).toHaveCount(0);
  });

  test("the map draws the site as its own kind of node in its region", async ({
    page,
    capture,
  }) => {
    const map = new TopologyPage(page);
    await map.goto();
    const site = await map.node(`cluster:${SITE}`);
    expect(site?.parent).toBe("region:eu-west-1");
    expect(site?.classes).toContain("vm-site");
    expect((await map.node("cluster:east-1"))?.classes).not.toContain("vm-site");
    expect((await map.node(`svc:${SITE}/bookinfo/ratings`))?.parent).toBe(`cluster:${SITE}`);
    await captureThree(page, capture, "map");
  });

  test("ratings fails over to the site last; the editor marks the site's tier", async ({
    page,
    capture,
  }) => {
    const failover = new FailoverSection(page);
    await failover.goto("bookinfo", "ratings");
    await expect(failover.enable).toBeChecked();
    await expect(failover.tier(1)).toContainText("US East 2");
    await expect(failover.tier(2)).toContainText("Ratings legacy VMs");
    await expect(failover.tier(2).getByTestId("failover-site")).toHaveText("VM site");
    await expect(failover.tier(1).getByTestId("failover-site")).toHaveCount(0);
    await captureThree(page, capture, "failover", () => failover.root.scrollIntoViewIfNeeded());

    // The plan the demo applied wrote the site's WorkloadGroup and WorkloadEntries into east-1.
    const res = await page.request.get("/api/v1/clusters/east-1/desired");
    expect(res.status()).toBe(200);
    const state = (await res.json()) as { desired: { resources: { kind: string }[] } };
    const kinds = state.desired.resources.map((r) => r.kind);
    expect(kinds.filter((k) => k === "WorkloadEntry")).toHaveLength(2);
    expect(kinds).toContain("WorkloadGroup");
  });
});
