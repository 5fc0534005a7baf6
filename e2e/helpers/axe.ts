import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** The impacts that fail the suite (issue 24.10); minor and moderate ones are reported only. */
const FAILING = new Set(["serious", "critical"]);

/**
 * Run axe-core on the page as it is now; fails on every serious or critical finding, listing
 * each rule broken, where, and why (axe's own summary of the first node).
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await settleTransitions(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations
    .filter((v) => FAILING.has(v.impact ?? ""))
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")} — ${
          v.nodes[0]?.failureSummary?.replace(/\s+/g, " ") ?? v.help
        }`,
    );
  expect(found, `axe on ${page.url()}`).toEqual([]);
}

/**
 * Wait for the page's finite CSS transitions and animations to end: a colour caught mid-fade
 * (a toggle just pressed) measures as a contrast it never rests at. Endless ones (spinners,
 * skeleton pulses) are left running.
 */
async function settleTransitions(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}
