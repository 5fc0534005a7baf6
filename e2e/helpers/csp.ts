import { expect, type Page } from "@playwright/test";

/** Chromium's console line for a blocked script, style, frame or connection. */
const VIOLATION = /Content Security Policy|Refused to (execute|load|apply|connect|frame)/;

/**
 * Fails when the page's console (since it opened, up to Playwright's last 200 messages) reports
 * a Content-Security-Policy violation (issue 17.5: the strict policy must not break any page).
 */
export async function expectNoCspViolations(page: Page): Promise<void> {
  const messages = await page.consoleMessages({ filter: "all" });
  const violations = messages.map((m) => m.text()).filter((text) => VIOLATION.test(text));
  expect(violations, `CSP violations on ${page.url()}`).toEqual([]);
}
