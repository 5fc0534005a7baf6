// Every page of the app, as an admin and signed out, in light, dark and 390 px wide: axe finds
// no serious or critical issue (issue 24.10), and each is captured for review
// (test-results/screenshots/pages-a11y--<page>-<mode>.png). Read-only: it changes nothing.
import type { Page } from "@playwright/test";
import { adminTest, expect, test } from "./helpers/fixtures";

/** Each page by name, its address, and what shows that it has rendered. */
const APP_PAGES: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  { name: "overview", path: "/", ready: heading("Overview") },
  { name: "clusters", path: "/clusters", ready: heading("Clusters") },
  { name: "cluster", path: "/clusters/east-1", ready: heading(/US East 1|east-1/) },
  { name: "services", path: "/services", ready: heading("Services") },
  {
    name: "global-service",
    path: "/services/bookinfo/reviews",
    ready: heading(/reviews/),
  },
  {
    name: "topology",
    path: "/topology",
    ready: async (page) => {
      await heading("Topology")(page);
      await expect(
        page.getByTestId("topology-canvas").or(page.getByRole("status")).first(),
      ).toBeVisible();
    },
  },
  { name: "sharing", path: "/sharing", ready: heading("Sharing") },
  { name: "changes", path: "/changes", ready: heading("Changes") },
  { name: "change-set-missing", path: "/changes/999999", ready: heading("Change set not found") },
  { name: "alerts", path: "/alerts", ready: heading("Alerts") },
  { name: "settings-global-names", path: "/settings/global-names", ready: heading(/Global names/) },
  { name: "settings-metrics", path: "/settings/metrics", ready: heading(/Metrics/) },
  { name: "settings-tokens", path: "/settings/tokens", ready: heading(/tokens/i) },
  { name: "not-found", path: "/no-such-page", ready: heading(/not found/i) },
  // Issue 24.8, .9, .11: the states those items added.
  { name: "services-unknown-filter", path: "/services?cluster=nope", ready: notice("Services") },
  { name: "alerts-unknown-filter", path: "/alerts?cluster=nope", ready: notice("Alerts") },
  { name: "topology-unknown-filter", path: "/topology?cluster=nope", ready: notice("Topology") },
  {
    name: "clusters-sorted",
    path: "/clusters?q=east&sort=region&dir=desc",
    ready: heading("Clusters"),
  },
  {
    name: "global-service-unexported",
    path: "/services/bookinfo/productpage",
    ready: heading(/productpage/),
  },
];

/** A filtered page whose URL named an unknown value: its warning banner is up. */
function notice(title: string) {
  return async (page: Page) => {
    await heading(title)(page);
    await expect(page.getByTestId("filter-notice")).toBeVisible();
  };
}

function heading(name: string | RegExp) {
  return async (page: Page) => {
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    // Data-driven parts finish loading (skeletons are aria-hidden, but spinners are not).
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  };
}

const MODES = [
  { mode: "light", colorScheme: "light", viewport: { width: 1280, height: 800 } },
  { mode: "dark", colorScheme: "dark", viewport: { width: 1280, height: 800 } },
  { mode: "390", colorScheme: "light", viewport: { width: 390, height: 844 } },
] as const;

for (const { mode, colorScheme, viewport } of MODES) {
  adminTest.describe(`every page, ${mode}`, () => {
    // Full-page screenshots of the long pages take a while on a loaded machine.
    adminTest.describe.configure({ timeout: 120_000 });
    adminTest.use({ colorScheme, viewport });
    for (const p of APP_PAGES) {
      adminTest(
        `${p.name} has no serious accessibility finding (${mode})`,
        async ({ page, capture }) => {
          await page.goto(p.path);
          await p.ready(page);
          await capture(`${p.name}-${mode}`);
        },
      );
    }
  });

  test.describe(`signed out, ${mode}`, () => {
    test.use({ colorScheme, viewport });
    test(`the sign-in page has no serious accessibility finding (${mode})`, async ({
      page,
      capture,
    }) => {
      await page.goto("/login");
      await expect(page.getByRole("button", { name: /sign in/i }).first()).toBeVisible();
      await capture(`login-${mode}`);
    });
  });
}
