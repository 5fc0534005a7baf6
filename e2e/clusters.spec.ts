import { adminTest as test, expect } from "./helpers/fixtures";
import { ClusterDetailPage, ClustersPage } from "./pages/clusters-page";
import { OverviewPage } from "./pages/overview-page";

test.describe("clusters", () => {
  test("opening east-1 from the overview shows its Istio mesh and services", async ({
    page,
    capture,
  }) => {
    const overview = new OverviewPage(page);
    await overview.goto();
    await overview.clusterCard("east-1").click();

    await expect(page).toHaveURL("/clusters/east-1");
    const detail = new ClusterDetailPage(page);
    await expect(
      page.getByRole("heading", { level: 1, name: "US East 1 (primary)" }),
    ).toBeVisible();
    await expect(detail.breadcrumb).toContainText("east-1");
    await expect(detail.meshes).toContainText("Istio");
    await expect(detail.meshes).not.toContainText("Linkerd");
    await expect(detail.services).toBeVisible();
    expect((await detail.serviceNames()).sort()).toEqual(["details", "productpage", "reviews"]);
    await capture("cluster-east-1");
  });

  test("the clusters table lists the fleet and links to each cluster", async ({
    page,
    capture,
  }) => {
    const clusters = new ClustersPage(page);
    await clusters.goto();
    // The demo's 3 clusters in 2 regions, plus any a parallel spec (cluster-admin) has just added.
    await expect(page.getByText(/^\d+ clusters in \d+ regions\.$/)).toBeVisible();
    for (const name of ["east-1", "east-2", "west-1"]) {
      await expect(clusters.row(name)).toHaveCount(1);
    }
    await expect(clusters.row("west-1")).toContainText("Linkerd");
    await expect(clusters.row("west-1")).toContainText("eu-west-1");
    await capture("clusters");

    await clusters.open("west-1");
    await expect(page).toHaveURL("/clusters/west-1");
    const detail = new ClusterDetailPage(page);
    await expect(detail.meshes).toContainText("Linkerd");
    expect((await detail.serviceNames()).sort()).toEqual(["productpage", "ratings", "reviews"]);
  });
});
