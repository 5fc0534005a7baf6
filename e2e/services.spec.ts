import { adminTest as test, expect } from "./helpers/fixtures";
import { ServicesPage } from "./pages/services-page";

const ALL = ["details", "productpage", "ratings", "reviews"];

test.describe("global services", () => {
  test("lists every Bookinfo service with the clusters it runs in", async ({ page, capture }) => {
    const services = new ServicesPage(page);
    await services.goto();
    await expect(services.rows).toHaveCount(ALL.length);
    expect((await services.names()).sort()).toEqual(ALL);
    await expect(services.count).toHaveText("4 global services.");
    await expect(services.clusterChips("reviews")).toHaveCount(3);
    await expect(services.clusterChips("productpage")).toHaveCount(2);
    await capture("services");
  });

  test("searching 'rev' leaves only reviews, running in three clusters", async ({
    page,
    capture,
  }) => {
    const services = new ServicesPage(page);
    await services.goto();
    await services.search.fill("rev");

    await services.expectNames(["reviews"]);
    await expect(services.clusterChips("reviews")).toHaveCount(3);
    for (const cluster of ["US East 1 (primary)", "US East 2 (secondary)", "EU West 1"]) {
      await expect(services.row("reviews").getByRole("link", { name: cluster })).toBeVisible();
    }
    await expect(page).toHaveURL(/[?&]q=rev(&|$)/);
    await capture("services-search-rev");

    // The search lives in the URL: a reload keeps it.
    await page.reload();
    await expect(services.search).toHaveValue("rev");
    await services.expectNames(["reviews"]);
  });

  test("the mesh filter narrows the list to Linkerd services", async ({ page, capture }) => {
    const services = new ServicesPage(page);
    await services.goto();
    await services.meshFilter.selectOption({ label: "Linkerd" });

    await expect(page).toHaveURL(/[?&]mesh=linkerd(&|$)/);
    await expect(services.rows).toHaveCount(3);
    expect((await services.names()).sort()).toEqual(["productpage", "ratings", "reviews"]);
    await expect(services.count).toHaveText("3 of 4 global services.");
    await capture("services-mesh-linkerd");
  });

  test("the cluster filter narrows the list and combines with search", async ({ page }) => {
    const services = new ServicesPage(page);
    await services.goto();
    await services.clusterFilter.selectOption("east-2");
    await expect(page).toHaveURL(/[?&]cluster=east-2(&|$)/);
    await expect(services.rows).toHaveCount(3);
    expect((await services.names()).sort()).toEqual(["details", "ratings", "reviews"]);

    await services.search.fill("prod");
    await expect(services.empty).toBeVisible();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(services.rows).toHaveCount(ALL.length);
    await expect(services.search).toHaveValue("");
  });
});
