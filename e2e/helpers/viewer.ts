import type { Browser, BrowserContext, Page } from "@playwright/test";
import { LoginPage } from "../pages/login-page";
import { expect, sameOrigin } from "./fixtures";

/**
 * A new viewer, created through the API by the admin signed in on `admin`, then signed in
 * through the real login form in a fresh context, on `path`. Close the context when done.
 */
export async function signInNewViewer(
  admin: Page,
  browser: Browser,
  opts: {
    baseURL: string | undefined;
    path: string;
    prefix: string;
    colorScheme?: "light" | "dark";
  },
): Promise<{ context: BrowserContext; viewer: Page }> {
  const email = `${opts.prefix}-${Date.now().toString(36)}@meridian.test`;
  const password = "viewer-Passw0rd-e2e";
  const created = await admin.request.post("/api/v1/users", {
    headers: sameOrigin(),
    data: { email, password, role: "viewer" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const context = await browser.newContext({
    baseURL: opts.baseURL,
    ...(opts.colorScheme ? { colorScheme: opts.colorScheme } : {}),
    storageState: { cookies: [], origins: [] },
  });
  const viewer = await context.newPage();
  const login = new LoginPage(viewer);
  await login.goto(opts.path);
  await login.signIn(email, password);
  return { context, viewer };
}
