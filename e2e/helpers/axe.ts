import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Run axe-core on the page as it is now; fails listing each rule broken and where. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(found).toEqual([]);
}
