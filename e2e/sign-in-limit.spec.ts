// The sign-in limit as a person meets it (issue 19, part 6; docs/abuse-limits.md): after five
// failed sign-ins in a minute the page says when to try again and counts down, with the button
// off, and even the right password is refused until then. Its own account, so no other spec's
// sign-ins are held up.
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";
import { expect, test, sameOrigin } from "./helpers/fixtures";
import { LoginPage } from "./pages/login-page";

const ACCOUNT = {
  email: `limited-${Date.now().toString(36)}@example.com`,
  password: "a long enough password 42",
};

test.beforeAll(async ({ browser, adminState }) => {
  const context = await browser.newContext({ storageState: adminState });
  const res = await context.request.post("/api/v1/users", {
    headers: sameOrigin(),
    data: { email: ACCOUNT.email, password: ACCOUNT.password, role: "viewer" },
  });
  expect(res.status()).toBe(201);
  await context.close();
});

/** The right password, refused: the countdown shows and the button is off. */
async function expectRefused(page: Page, login: LoginPage): Promise<void> {
  await login.signIn(ACCOUNT.email, ACCOUNT.password);
  const notice = page.getByTestId("login-rate-limited");
  await expect(notice).toContainText(/Too many failed sign-ins\. Try again in \d+ seconds\./);
  await expect(login.submit).toBeDisabled();
  await expect(page).toHaveURL(/\/login/);
}

test("five failed sign-ins in a minute: the right password is refused, with a countdown", async ({
  page,
  capture,
}) => {
  const login = new LoginPage(page);
  await login.goto();
  for (let i = 0; i < 5; i++) {
    await login.signIn(ACCOUNT.email, `wrong password ${i}`);
    await expect(login.error).toHaveText("Invalid email or password");
  }
  const answer = page.waitForResponse((r) => r.url().includes("/api/auth/callback/credentials"));
  await expectRefused(page, login);
  const res = await answer;
  expect(res.status()).toBe(429);
  expect(Number(res.headers()["retry-after"])).toBeGreaterThan(0);

  // It counts down, once a second.
  const notice = page.getByTestId("login-rate-limited");
  const seconds = async () =>
    Number(/in (\d+) seconds/.exec((await notice.textContent()) ?? "")?.[1]);
  const first = await seconds();
  await expect.poll(seconds).toBeLessThan(first);

  await expectNoAxeViolations(page);
  await capture("refused-light");
  await page.emulateMedia({ colorScheme: "dark" });
  // The theme is chosen as the page loads; the refusal holds across the reload.
  await login.goto();
  await expectRefused(page, login);
  await expectNoAxeViolations(page);
  await capture("refused-dark");
  await page.setViewportSize({ width: 390, height: 844 });
  await capture("refused-390");

  // Still no session.
  expect((await page.request.get("/api/v1/me")).status()).toBe(401);
});
