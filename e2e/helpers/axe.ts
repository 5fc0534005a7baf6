import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** The impacts that fail the suite (issue 24.10); minor and moderate ones are reported only. */
const FAILING = new Set(["serious", "critical"]);

/**
 * Run axe-core on the page as it is now; fails on every serious or critical finding, listing
 * each rule broken, where, and why (axe's own summary of the first node).
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
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
