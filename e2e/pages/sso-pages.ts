import { expect, type Locator, type Page } from "@playwright/test";
import { SSO_URLS, type SsoLogin } from "../helpers/sso";

/** /login with single sign-on: the "Sign in with <provider>" button and the refusal alert. */
export class SsoLoginPage {
  readonly heading: Locator;
  readonly ssoButton: Locator;
  readonly email: Locator;
  readonly error: Locator;

  constructor(
    readonly page: Page,
    providerName = "Example SSO",
  ) {
    this.heading = page.getByRole("heading", { name: "Sign in", exact: true });
    this.ssoButton = page.getByRole("button", { name: `Sign in with ${providerName}` });
    this.email = page.getByLabel("Email");
    this.error = page.getByTestId("login-error");
  }

  async goto(base = ""): Promise<void> {
    await this.page.goto(`${base}/login`);
    await expect(this.heading).toBeVisible();
  }
}

/** The OpenID provider's own pages (oidc-provider's login and consent interactions). */
export class ProviderPages {
  readonly login: Locator;
  readonly password: Locator;
  readonly signIn: Locator;
  readonly consent: Locator;

  constructor(readonly page: Page) {
    this.login = page.locator('input[name="login"]');
    this.password = page.locator('input[name="password"]');
    this.signIn = page.getByRole("button", { name: "Sign-in" });
    this.consent = page.getByRole("button", { name: "Continue" });
  }

  /** Sign in at the provider and consent; the browser then goes back to Meridian. */
  async signInAs(login: SsoLogin): Promise<void> {
    await expect(this.page).toHaveURL(new RegExp(`^${SSO_URLS.issuer}/interaction/`));
    await this.login.fill(login);
    await this.password.fill("any password: the test provider checks none");
    await this.signIn.click();
    await expect(this.consent).toBeVisible();
    await this.consent.click();
  }
}

/** ID tokens the provider's token endpoint has issued (its test control endpoint). */
export async function idTokensIssued(page: Page): Promise<number> {
  const res = await page.request.get(`${SSO_URLS.issuer}/test/issued`);
  return ((await res.json()) as { issued: number }).issued;
}

/** Make the provider's clock run `seconds` behind (0 resets it). */
export async function skewProviderClock(page: Page, seconds: number): Promise<void> {
  const res = await page.request.post(`${SSO_URLS.issuer}/test/clock?skew=${seconds}`);
  expect(res.status()).toBe(204);
}
