// Issue 24.9: the small but visible defects a new operator meets in the first hour.
import type { Locator, Page } from "@playwright/test";
import { adminTest as test, expect, sameOrigin } from "./helpers/fixtures";
import { SharingPage } from "./pages/sharing-page";
import { TopologyPage } from "./pages/topology-page";

// Pages that ask real Prometheus and full-page captures with axe take a while on a loaded machine.
test.describe.configure({ timeout: 120_000 });

/** What the server answers for a service when no Prometheus source is configured. */
const NOT_CONFIGURED = {
  configured: false,
  reason: "no-sources",
  message: "No Prometheus source is configured. An admin can add one under Settings → Metrics.",
  hint: "This demo has no metrics because Prometheus is not installed: stop it and run `apt-get install -y prometheus && npm run demo`.",
};

/**
 * Every select in `scope` is wide enough for its longest option (the text, its padding and the
 * arrow): measured with the select's own font on a canvas.
 */
async function expectSelectsFit(scope: Locator): Promise<void> {
  const cut = await scope.locator("select").evaluateAll((selects) => {
    const ctx = document.createElement("canvas").getContext("2d")!;
    return (selects as HTMLSelectElement[]).flatMap((s) => {
      const style = getComputedStyle(s);
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room =
        s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
      return [...s.options]
        .filter((o) => ctx.measureText(o.label).width > room)
        .map((o) => `${s.getAttribute("aria-label")}: “${o.label}” (${Math.round(room)} px)`);
    });
  });
  expect(cut, "options wider than their select").toEqual([]);
}

/** True when two elements' boxes overlap. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) throw new Error("element not visible");
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

async function gotoNotConfigured(page: Page): Promise<Locator> {
  // Test double at the browser boundary: the e2e demo runs WITH Prometheus (the metrics spec
  // needs it), so the server's answer for a demo without it is served here, as the API shapes it.
  await page.route("**/api/v1/global-services/bookinfo/details/metrics**", (route) =>
    route.fulfill({ json: NOT_CONFIGURED }),
  );
  await page.goto("/services/bookinfo/details");
  const card = page.getByTestId("golden-signals");
  // The page's other cards ask real Prometheus: give the first render time on a loaded machine.
  await expect(card.getByTestId("metrics-not-configured")).toBeVisible({ timeout: 30_000 });
  return card;
}

test.describe("global service page", () => {
  test("the no-Prometheus hint shows code as code, not Markdown backticks", async ({
    page,
    capture,
  }) => {
    const card = await gotoNotConfigured(page);
    await expect(card).not.toContainText("`");
    await expect(card.locator("code")).toHaveText("apt-get install -y prometheus && npm run demo");
    await capture("no-prometheus-hint");
  });

  test("time-range buttons are disabled while there are no metrics", async ({ page }) => {
    const card = await gotoNotConfigured(page);
    const ranges = card.getByRole("radiogroup", { name: "Time range" }).getByRole("radio");
    await expect(ranges.first()).toBeVisible();
    for (const radio of await ranges.all()) await expect(radio).toBeDisabled();
  });

  test("“export it first” links to the Sharing page, filtered to the service", async ({ page }) => {
    await page.goto("/services/bookinfo/productpage");
    const note = page.getByTestId("failover-no-exporters");
    await expect(note).toBeVisible({ timeout: 30_000 });
    const link = note.getByRole("link", { name: "Sharing page" });
    await expect(link).toHaveAttribute("href", "/sharing?q=bookinfo%2Fproductpage");
    await link.click();
    await expect(page.getByRole("searchbox", { name: "Search global services" })).toHaveValue(
      "bookinfo/productpage",
    );
    await expect(page.getByTestId("matrix-row-bookinfo/productpage")).toBeVisible();
    await expect(page.getByTestId("matrix-row-bookinfo/reviews")).toHaveCount(0);
  });
});

test("a cluster's services link to their global service", async ({ page, capture }) => {
  await page.goto("/clusters/east-1");
  const services = page.getByRole("table", { name: /services/i });
  await expect(services.getByRole("link", { name: "reviews", exact: true })).toHaveAttribute(
    "href",
    "/services/bookinfo/reviews",
  );
  await capture("cluster-services-links");
});

test.describe("topology", () => {
  test("the search error sits clear of the banner; Escape closes the panel", async ({
    page,
    capture,
  }) => {
    await page.addInitScript(() => {
      window.__MERIDIAN_TEST_HOOKS__ = true;
    });
    await page.goto("/topology?cluster=nope");
    const map = new TopologyPage(page);
    await expect.poll(async () => (await map.nodes()).length).toBeGreaterThan(0);
    await map.search.fill("zzz-nothing");
    await map.search.press("Enter");
    const error = page.getByText("Nothing on the map matches “zzz-nothing”.");
    await expect(error).toBeVisible();
    const banners = page.locator("[data-testid=filter-notice], [data-testid=metrics-banner]");
    for (const banner of await banners.all()) expect(await overlap(error, banner)).toBe(false);
    await capture("search-error");

    await map.search.fill("reviews · east-2");
    await map.search.press("Enter");
    await expect(map.panel).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(map.panel).toBeHidden();
  });
});

test.describe("filter selects show their whole text", () => {
  for (const path of ["/services", "/alerts", "/topology", "/sharing", "/audit"]) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator("main select").first()).toBeVisible();
      await expectSelectsFit(page.locator("main"));
    });
  }
});

test("a Sharing draft survives a reload, and the page says so", async ({ page, capture }) => {
  const sharing = new SharingPage(page);
  await sharing.goto();
  await sharing.exportToggle("bookinfo/productpage", "west-1").click();
  const bar = page.getByTestId("draft-bar");
  await expect(bar).toContainText("1 change in draft");
  await expect(bar).toContainText("Kept in this tab until you apply or discard it");
  await page.reload();
  await expect(sharing.matrix).toBeVisible();
  await expect(bar).toContainText("1 change in draft");
  await expect(sharing.exportToggle("bookinfo/productpage", "west-1")).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await capture("draft-after-reload");
  await sharing.discardButton.click();
  await page.reload();
  await expect(sharing.matrix).toBeVisible();
  await expect(bar).toHaveCount(0);
});

test("an unknown address inside the app keeps the app's navigation", async ({ page, capture }) => {
  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Main" }).locator("visible=true"),
  ).toBeVisible();
  await expect(page.getByTestId("current-user")).toBeVisible();
  await capture("not-found-in-shell");
});

test("a 63-character cluster name does not push the clusters table's columns off", async ({
  page,
  capture,
}) => {
  const name = `ux-${"long".repeat(15)}`.slice(0, 63);
  expect(name).toHaveLength(63);
  const created = await page.request.post("/api/v1/clusters", {
    headers: sameOrigin(),
    data: { name, region: "ap-south-1", displayName: `Cluster ${name}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  try {
    await page.goto("/clusters");
    const table = page.getByRole("table", { name: "Clusters" });
    await expect(table.getByText(name, { exact: true })).toBeAttached();
    const fits = await table.evaluate((t) => {
      const box = t.parentElement!;
      return box.scrollWidth <= box.clientWidth;
    });
    expect(fits, "the table fits its card").toBe(true);
    await expect(table.getByRole("columnheader", { name: /Last seen/ })).toBeInViewport();
    await capture("long-cluster-name");
  } finally {
    await page.request.delete(`/api/v1/clusters/${name}`, { headers: sameOrigin() });
  }
});

test.describe("390 px wide", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the topology filters stay inside the screen", async ({ page, capture }) => {
    await page.goto("/topology");
    const filters = page.getByRole("group", { name: "Map filters" });
    await expect(filters).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, "page scrolls sideways").toBeLessThanOrEqual(0);
    for (const select of await filters.locator("select").all())
      await expect(select).toBeInViewport();
    await capture("topology-mobile");
  });

  test("the Services list shows each service's health", async ({ page, capture }) => {
    await page.goto("/services");
    const table = page.getByRole("table", { name: "Global services" });
    const reviews = table.getByRole("row").filter({ hasText: "reviews" }).first();
    await expect(reviews.getByTestId("health-badge").locator("visible=true")).toBeInViewport();
    await capture("services-mobile");
  });
});
