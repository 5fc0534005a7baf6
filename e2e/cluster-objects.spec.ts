// Issue 36 (part 2): a cluster's page lists what Meridian pushed there and whether it is still
// there, with its exports and imports in words; and the smaller defects of the same review.
import type { Page } from "@playwright/test";
import { signInNewViewer } from "./helpers/viewer";
import { adminTest as test, expect } from "./helpers/fixtures";

test.describe.configure({ timeout: 120_000 });

/** The screen in light, dark and at 390 px wide (left at 390 px). */
async function captureThemes(page: Page, capture: (name: string) => Promise<void>, name: string) {
  await capture(`${name}-light`);
  await page.emulateMedia({ colorScheme: "dark" });
  await capture(`${name}-dark`);
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 390, height: 844 });
  await capture(`${name}-390`);
}

test("east-1's page lists the objects Meridian pushed, who wrote them and their applied state", async ({
  page,
  capture,
}) => {
  await page.goto("/clusters/east-1");
  const card = page.getByTestId("cluster-objects");
  await expect(
    card.getByRole("heading", { name: /Objects Meridian pushed \(\d+\)/ }),
  ).toBeVisible();
  // The demo's seed imports ratings into east-1 through a change set.
  await expect(card.getByTestId("cluster-sharing")).toContainText(
    /Imports bookinfo\/ratings \(ratings\.bookinfo\.[a-z.]+\) from east-2 and ratings-legacy\./,
  );
  const rows = card.getByTestId("cluster-object");
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(0);
  // Each object names what last wrote it (the seed's change set, or "written directly" when
  // another spec replaced east-1's desired objects before this one runs) and the state the
  // simulated agent reported.
  await expect(rows.first()).toContainText(/#\d+ Demo: ratings fails over|written directly/);
  await expect(rows.first()).toHaveAttribute("data-state", /^(applied|unchanged)$/);
  await captureThemes(page, capture, "cluster-objects");
  await expect(card).toBeVisible();
});

test("a new API token expires in 90 days unless never is chosen explicitly", async ({
  page,
  capture,
}) => {
  await page.goto("/settings/tokens");
  await expect(page.getByLabel("Expires in (days)")).toHaveValue("90");
  await expect(page.getByLabel("Never expires")).not.toBeChecked();
  await captureThemes(page, capture, "tokens-default-expiry");
});

test("viewers see no admin-only pages in the navigation; admins do", async ({
  page,
  browser,
  baseURL,
  capture,
}) => {
  await page.goto("/");
  const adminNav = page.getByRole("navigation", { name: "Main" }).first();
  await expect(adminNav.getByRole("link", { name: "Audit log" })).toBeVisible();
  await expect(adminNav.getByRole("link", { name: "Users" })).toBeVisible();
  const { context, viewer } = await signInNewViewer(page, browser, {
    baseURL,
    path: "/",
    prefix: "nav-viewer",
  });
  try {
    const nav = viewer.getByRole("navigation", { name: "Main" }).first();
    await expect(nav.getByRole("link", { name: "API tokens" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Audit log" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Users" })).toHaveCount(0);
    await capture("viewer-navigation", viewer);
  } finally {
    await context.close();
  }
});

test("the sharing matrix opened for one service (the map's Change sharing) shows only it", async ({
  page,
  capture,
}) => {
  await page.goto("/sharing?q=bookinfo%2Freviews");
  await expect(page.getByTestId("matrix-count")).toContainText(/^1 of \d+ global services/);
  await captureThemes(page, capture, "sharing-focused");
});
