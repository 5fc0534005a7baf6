import { E2E_ADMIN } from "./helpers/credentials";
import { expect, test } from "./helpers/fixtures";
import { signInNewViewer } from "./helpers/viewer";
import { LoginPage } from "./pages/login-page";
import { OverviewPage } from "./pages/overview-page";

test.describe("signing in and out", () => {
  test("the admin signs in and sees the fleet grouped by region", async ({ page, capture }) => {
    const login = new LoginPage(page);
    await login.goto();
    await capture("login");
    await login.signIn(E2E_ADMIN.email, E2E_ADMIN.password);

    const overview = new OverviewPage(page);
    await expect(page).toHaveURL("/");
    await overview.expectLoaded();
    await expect(overview.shell.currentUser).toContainText(E2E_ADMIN.email);
    await expect(overview.shell.currentUser).toContainText("admin");

    await expect(overview.counts.getByText("Clusters", { exact: true })).toBeVisible();
    await expect(overview.region("us-east-1")).toBeVisible();
    await expect(overview.region("eu-west-1")).toBeVisible();
    await expect(overview.clusterCards("us-east-1")).toHaveCount(2);
    // west-1 and the demo's VM site (ratings-legacy) in eu-west-1.
    await expect(overview.clusterCards("eu-west-1")).toHaveCount(2);
    await expect(
      overview.region("us-east-1").getByRole("link", { name: "US East 1 (primary) (east-1)" }),
    ).toBeVisible();
    await expect(
      overview.region("us-east-1").getByRole("link", { name: "US East 2 (secondary) (east-2)" }),
    ).toBeVisible();
    await expect(
      overview.region("eu-west-1").getByRole("link", { name: "EU West 1 (west-1)" }),
    ).toBeVisible();
    await capture("overview");
  });

  test("a deep link survives sign-in: /clusters/east-1 → login → back to east-1", async ({
    page,
  }) => {
    const res = await page.request.get("/clusters/east-1", { maxRedirects: 0 });
    expect(res.status()).toBeGreaterThanOrEqual(300);
    expect(res.status()).toBeLessThan(400);
    expect(res.headers()["location"]).toMatch(/\/login\?callbackUrl=%2Fclusters%2Feast-1$/);

    await page.goto("/clusters/east-1");
    await expect(page).toHaveURL("/login?callbackUrl=%2Fclusters%2Feast-1");
    const login = new LoginPage(page);
    await login.signIn(E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL("/clusters/east-1");
    await expect(
      page.getByRole("heading", { level: 1, name: "US East 1 (primary)" }),
    ).toBeVisible();
  });

  test("a wrong password shows an error and stays on the login page", async ({ page, capture }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(E2E_ADMIN.email, "not-the-password");

    await expect(login.error).toHaveText("Invalid email or password");
    await expect(page).toHaveURL(/\/login/);
    await expect(login.heading).toBeVisible();
    // The form keeps the email so the user only retypes the password.
    await expect(login.email).toHaveValue(E2E_ADMIN.email);
    await capture("wrong-password");

    // The failed attempt did not sign anyone in.
    await page.goto("/");
    await expect(page).toHaveURL(/\/login/);
  });

  // Signing out ends every session of that user (a session version, issue 37): the spec signs
  // out a user of its own, so the worker's shared admin session stays valid for the other specs.
  test("signing out returns to the login page and ends the session", async ({
    browser,
    baseURL,
    adminState,
    capture,
  }) => {
    const adminContext = await browser.newContext({ baseURL, storageState: adminState });
    const { context, viewer: page } = await signInNewViewer(await adminContext.newPage(), browser, {
      baseURL,
      path: "/",
      prefix: "sign-out",
    });
    await adminContext.close();
    const login = new LoginPage(page);
    const overview = new OverviewPage(page);
    await overview.expectLoaded();
    const copied = await context.cookies();

    await overview.shell.signOut();
    await expect(page).toHaveURL(/\/login/);
    await expect(login.heading).toBeVisible();
    await capture("signed-out", page);

    await page.goto("/clusters");
    await expect(page).toHaveURL(/\/login\?callbackUrl=/);
    const me = await page.request.get("/api/v1/me");
    expect(me.status()).toBe(401);

    // A copy of the cookie taken before sign-out is refused too (the session ended on the server).
    const replay = await browser.newContext({
      baseURL,
      storageState: { cookies: copied, origins: [] },
    });
    const again = await replay.request.get("/api/v1/me");
    expect(again.status()).toBe(401);
    await replay.close();
    await context.close();
  });
});
