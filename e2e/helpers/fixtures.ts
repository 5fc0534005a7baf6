import { mkdirSync } from "node:fs";
import path from "node:path";
import { test as base, expect, type Page, type TestInfo } from "@playwright/test";
import { LoginPage } from "../pages/login-page";
import { expectNoAxeViolations } from "./axe";
import { expectNoCspViolations } from "./csp";
import { E2E_ADMIN } from "./credentials";

/** Full-page screenshots of every spec land here (and are attached to the HTML report). */
export const SCREENSHOT_DIR = path.resolve("test-results", "screenshots");

type Fixtures = {
  /**
   * Check the page with axe (no serious or critical finding) and for Content-Security-Policy
   * violations in its console, and save a full-page screenshot
   * as test-results/screenshots/<spec>--<name>.png, attached to the report. Every screen a spec
   * captures is thereby checked for accessibility in the state it is shown in.
   */
  capture: (name: string, page?: Page) => Promise<void>;
};

type WorkerFixtures = {
  /** Cookies of a signed-in admin, obtained once per worker through the real login form. */
  adminState: string;
};

export const test = base.extend<Fixtures, WorkerFixtures>({
  adminState: [
    async ({ browser }, provide, workerInfo) => {
      const file = path.join(
        workerInfo.project.outputDir,
        `.auth`,
        `admin-${workerInfo.workerIndex}.json`,
      );
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL });
      const page = await context.newPage();
      const login = new LoginPage(page);
      await login.goto();
      await login.signIn(E2E_ADMIN.email, E2E_ADMIN.password);
      await expect(page).not.toHaveURL(/\/login/);
      await context.storageState({ path: file });
      await context.close();
      await provide(file);
    },
    { scope: "worker" },
  ],

  capture: async ({ page }, provide, testInfo: TestInfo) => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const spec = path.basename(testInfo.file).replace(/\.spec\.ts$/, "");
    await provide(async (name: string, target: Page = page) => {
      const file = path.join(SCREENSHOT_DIR, `${spec}--${name}.png`);
      await expectNoAxeViolations(target);
      await expectNoCspViolations(target);
      // Park the pointer on empty background so no card or row is caught mid-hover.
      const viewport = target.viewportSize();
      if (viewport) await target.mouse.move(viewport.width - 5, viewport.height - 5);
      await target.screenshot({ path: file, fullPage: true, animations: "disabled" });
      await testInfo.attach(name, { path: file, contentType: "image/png" });
    });
  },
});

/** Tests that start signed in as the e2e admin. */
export const adminTest = test.extend({
  storageState: async ({ adminState }, provide) => {
    await provide(adminState);
  },
});

export { expect };

/**
 * The Origin header a browser sends with a change from Meridian's own pages: API requests made
 * with the session cookie (page.request) need it, as Meridian refuses cross-origin changes.
 */
export function sameOrigin(): { origin: string } {
  const baseURL = base.info().project.use.baseURL;
  if (!baseURL) throw new Error("sameOrigin() needs the project's baseURL");
  return { origin: new URL(baseURL).origin };
}
