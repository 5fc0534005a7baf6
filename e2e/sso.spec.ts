// Single sign-on through a real OpenID provider (test/oidc/provider.ts: oidc-provider on
// loopback) against a Meridian with password sign-in off (playwright.config.ts, project "sso").
// The project runs this file's tests in order in one worker (fullyParallel off): the
// expired-token test skews the provider's clock and restores it.
import type { Browser, Page } from "@playwright/test";
import { E2E_ADMIN } from "./helpers/credentials";
import { expectNoAxeViolations } from "./helpers/axe";
import { expect, test } from "./helpers/fixtures";
import { SSO_ACCOUNTS, SSO_URLS, type SsoLogin } from "./helpers/sso";
import { AppShell } from "./pages/app-shell";
import { idTokensIssued, ProviderPages, skewProviderClock, SsoLoginPage } from "./pages/sso-pages";

/** Start at Meridian's sign-in page, go through the provider's pages, come back. */
async function signInThroughProvider(page: Page, login: SsoLogin): Promise<SsoLoginPage> {
  const meridian = new SsoLoginPage(page);
  await meridian.goto();
  await meridian.ssoButton.click();
  await new ProviderPages(page).signInAs(login);
  return meridian;
}

/** axe in light and dark, and screenshots light, dark and 390 px wide, of the page as it is. */
async function judgeSignInPage(page: Page, capture: (name: string) => Promise<void>, name: string) {
  await expectNoAxeViolations(page);
  await capture(`${name}-light`);
  await page.emulateMedia({ colorScheme: "dark" });
  // The theme is chosen as the page loads.
  await page.reload();
  await expectNoAxeViolations(page);
  await capture(`${name}-dark`);
  await page.setViewportSize({ width: 390, height: 844 });
  await capture(`${name}-390`);
}

async function apiStatus(page: Page, path: string): Promise<number> {
  return (await page.request.get(path)).status();
}

async function withFreshPage<T>(browser: Browser, work: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ baseURL: SSO_URLS.app });
  try {
    return await work(await context.newPage());
  } finally {
    await context.close();
  }
}

test("with password sign-in off, the page offers only single sign-on", async ({
  page,
  capture,
}) => {
  const login = new SsoLoginPage(page);
  await login.goto();
  await expect(login.ssoButton).toBeVisible();
  await expect(login.email).toHaveCount(0);
  await expect(page.getByText("Meridian accounts come from Example SSO.")).toBeVisible();
  await judgeSignInPage(page, capture, "sso-only");
});

test("with password sign-in off, the credentials endpoint signs nobody in", async ({ page }) => {
  const { csrfToken } = (await (await page.request.get("/api/auth/csrf")).json()) as {
    csrfToken: string;
  };
  const res = await page.request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email: E2E_ADMIN.email, password: E2E_ADMIN.password, json: "true" },
    maxRedirects: 0,
  });
  // next-auth has no credentials provider to call: "This action … is not supported".
  expect(res.status()).toBe(400);
  // The admin's password is right, yet no session exists.
  expect(await (await page.request.get("/api/auth/session")).json()).toEqual({});
  expect(await apiStatus(page, "/api/v1/me")).toBe(401);
});

test("an admin signs in through the provider; her groups make her admin; she signs out", async ({
  page,
  capture,
}) => {
  await signInThroughProvider(page, "ada");
  await expect(page).toHaveURL(`${SSO_URLS.app}/`);
  const shell = new AppShell(page);
  await expect(shell.currentUser).toContainText(SSO_ACCOUNTS.ada.email);
  await expect(shell.currentUser).toContainText("admin");
  // Admin-only: the users API, and adding a cluster.
  expect(await apiStatus(page, "/api/v1/users")).toBe(200);
  await page.goto("/clusters");
  await expect(page.getByRole("button", { name: /add cluster/i }).first()).toBeVisible();
  await capture("admin-signed-in");

  await shell.signOut();
  await expect(page).toHaveURL(/\/login/);
  expect(await apiStatus(page, "/api/v1/me")).toBe(401);
  await page.goto("/clusters");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fclusters/);
});

test("an operator's groups make her operator: the admin-only API and controls stay closed", async ({
  page,
}) => {
  await signInThroughProvider(page, "olu");
  const shell = new AppShell(page);
  await expect(shell.currentUser).toContainText(SSO_ACCOUNTS.olu.email);
  await expect(shell.currentUser).toContainText("operator");
  const me = (await (await page.request.get("/api/v1/me")).json()) as { role: string };
  expect(me.role).toBe("operator");
  expect(await apiStatus(page, "/api/v1/users")).toBe(403);
  await page.goto("/clusters");
  await expect(page.getByRole("heading", { level: 1, name: "Clusters" })).toBeVisible();
  await expect(page.getByRole("button", { name: /add cluster/i })).toHaveCount(0);
});

test("a user in no Meridian group is refused, in words", async ({ page, capture }) => {
  const login = await signInThroughProvider(page, "nia");
  await expect(page).toHaveURL(/\/login\?(.*&)?error=NoRole(&|$)/);
  await expect(login.error).toContainText("Your Example SSO account is not in a Meridian group");
  expect(await apiStatus(page, "/api/v1/me")).toBe(401);
  await judgeSignInPage(page, capture, "no-group");
});

test("an ID token carrying another nonce is refused", async ({ page }) => {
  const issued = await idTokensIssued(page);
  // The provider is asked for a nonce this browser's sign-in never made, so the ID token it
  // signs (validly) answers another sign-in: Meridian must not accept it.
  await page.route(`${SSO_URLS.issuer}/auth?**`, async (route) => {
    const url = new URL(route.request().url());
    expect(url.searchParams.get("nonce")).toBeTruthy();
    url.searchParams.set("nonce", "a-nonce-from-another-sign-in");
    await route.continue({ url: url.toString() });
  });
  const login = await signInThroughProvider(page, "ada");
  await expect(page).toHaveURL(/\/login\?(.*&)?error=OAuthCallback(&|$)/);
  await expect(login.error).toContainText("could not verify the answer from Example SSO");
  expect(await apiStatus(page, "/api/v1/me")).toBe(401);
  // The code was exchanged: the refusal is the ID token's nonce, not a failed exchange.
  expect(await idTokensIssued(page)).toBe(issued + 1);
});

test("an expired ID token is refused; the same sign-in with the clock right succeeds", async ({
  page,
  browser,
}) => {
  const issued = await idTokensIssued(page);
  // The provider's clock runs 10 minutes behind and its ID tokens live 5 minutes
  // (--id-token-ttl 300): each one it signs expired 5 minutes ago by Meridian's clock.
  await skewProviderClock(page, 600);
  try {
    const login = await signInThroughProvider(page, "eve");
    await expect(page).toHaveURL(/\/login\?(.*&)?error=OAuthCallback(&|$)/);
    await expect(login.error).toContainText("had expired");
    expect(await apiStatus(page, "/api/v1/me")).toBe(401);
    expect(await idTokensIssued(page)).toBe(issued + 1);
  } finally {
    await skewProviderClock(page, 0);
  }
  // Nothing was created for eve.
  await withFreshPage(browser, async (admin) => {
    await signInThroughProvider(admin, "ada");
    const users = (await (await admin.request.get("/api/v1/users")).json()) as {
      items: { email: string }[];
    };
    expect(users.items.map((u) => u.email)).not.toContain(SSO_ACCOUNTS.eve.email);
  });
  // The control: the same account, a fresh browser, the provider's clock right.
  await withFreshPage(browser, async (fresh) => {
    await signInThroughProvider(fresh, "eve");
    await expect(new AppShell(fresh).currentUser).toContainText(SSO_ACCOUNTS.eve.email);
  });
});

test("the demo server offers single sign-on beside the password", async ({ page, capture }) => {
  const login = new SsoLoginPage(page);
  await login.goto(SSO_URLS.demo);
  await expect(login.ssoButton).toBeVisible();
  await expect(login.email).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  await judgeSignInPage(page, capture, "both");
});
