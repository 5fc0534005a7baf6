// Issue 24.8: filters are never invisible. A filter value from a stale or mistyped link gets the
// same warning banner on every filtered page (Services, Alerts, Topology), and every cluster
// filter names clusters one way: the display name, with the cluster id as a hint.
import type { Locator, Page } from "@playwright/test";
import { adminTest as test, expect } from "./helpers/fixtures";

// Pages that ask real Prometheus and full-page captures with axe take a while on a loaded machine.
test.describe.configure({ timeout: 120_000 });

/** The demo's clusters: id → display name (fleets/distributed-bookinfo.yaml). */
const DEMO_CLUSTERS = {
  "east-1": "US East 1 (primary)",
  "east-2": "US East 2 (secondary)",
  "west-1": "EU West 1",
};

const notice = (page: Page) => page.getByTestId("filter-notice");

/** The cluster select's options other than "All clusters": label and hint (title). */
async function clusterOptions(select: Locator): Promise<Array<{ value: string; label: string }>> {
  return select
    .locator("option")
    .evaluateAll((options) =>
      (options as HTMLOptionElement[])
        .filter((o) => o.value !== "")
        .map((o) => ({ value: o.value, label: `${o.label}|${o.title}` })),
    );
}

async function expectDemoClusterOptions(select: Locator): Promise<void> {
  // Topology fills its filters once the map's data has loaded.
  await expect(select.locator('option[value="west-1"]')).toHaveCount(1);
  const options = await clusterOptions(select);
  for (const [id, displayName] of Object.entries(DEMO_CLUSTERS)) {
    expect(options, `${id} in ${await select.getAttribute("data-testid")}`).toContainEqual({
      value: id,
      label: `${displayName}|Cluster id: ${id}`,
    });
  }
}

test.describe("unknown filter values", () => {
  test("Services warns about an unknown cluster and shows every service", async ({
    page,
    capture,
  }) => {
    await page.goto("/services?cluster=nope");
    await expect(notice(page)).toContainText("No cluster “nope”");
    await expect(notice(page)).toContainText("Showing every service");
    await expect(page.getByRole("table", { name: "Global services" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Cluster" })).toHaveValue("");
    await expect(page).toHaveURL(/\/services$/);
    await capture("services-unknown-cluster");
  });

  test("Services warns about an unknown namespace too", async ({ page }) => {
    await page.goto("/services?namespace=nowhere&cluster=east-1");
    await expect(notice(page)).toContainText("No namespace “nowhere”");
    // The known filter stays.
    await expect(page.getByRole("combobox", { name: "Cluster" })).toHaveValue("east-1");
  });

  test("Alerts warns about an unknown cluster or global service", async ({ page, capture }) => {
    await page.goto("/alerts?cluster=nope&globalService=bookinfo/ghost");
    await expect(notice(page)).toContainText("No cluster “nope”");
    await expect(notice(page)).toContainText("No global service “bookinfo/ghost”");
    await expect(page.getByRole("combobox", { name: "Cluster" })).toHaveValue("");
    await capture("alerts-unknown-cluster");
  });

  test("Topology uses the same banner", async ({ page, capture }) => {
    await page.goto("/topology?cluster=nope");
    await expect(notice(page)).toContainText("No cluster “nope”");
    await capture("topology-unknown-cluster");
  });

  test("known values show no banner", async ({ page }) => {
    await page.goto("/services?cluster=west-1");
    await expect(page.getByRole("table", { name: "Global services" })).toBeVisible();
    await expect(notice(page)).toHaveCount(0);
  });
});

test.describe("cluster filters: display name, id as a hint", () => {
  test("Services, Alerts and Topology name clusters the same way", async ({ page }) => {
    await page.goto("/services");
    await expectDemoClusterOptions(page.getByRole("combobox", { name: "Cluster" }));
    await page.goto("/alerts");
    await expectDemoClusterOptions(page.getByRole("combobox", { name: "Cluster" }));
    await page.goto("/topology");
    await expectDemoClusterOptions(page.getByRole("combobox", { name: "Cluster" }));
  });

  test("the selected cluster's id is the select's hint", async ({ page }) => {
    await page.goto("/alerts?cluster=west-1");
    const select = page.getByRole("combobox", { name: "Cluster" });
    await expect(select).toHaveValue("west-1");
    await expect(select).toHaveAttribute("title", "EU West 1 — cluster id: west-1");
  });
});
