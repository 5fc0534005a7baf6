import { expect, type Locator, type Page } from "@playwright/test";

/** /trust: trust groups, the trust matrix, shared services' mTLS and the root certificates. */
export class TrustPage {
  readonly heading: Locator;
  readonly matrix: Locator;
  readonly certs: Locator;
  readonly groups: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { level: 1, name: "Trust" });
    this.matrix = page.getByRole("table", { name: "Trust matrix: row trusts column" });
    this.certs = page.getByRole("table", { name: "Root certificates per cluster" });
    this.groups = page.getByTestId("trust-group");
  }

  async goto(): Promise<void> {
    await this.page.goto("/trust");
    await expect(this.heading).toBeVisible();
    await expect(this.matrix).toBeVisible();
  }

  /** The matrix cell where `from` verifies (or not) `to`. */
  cell(from: string, to: string): Locator {
    return this.page.getByTestId(`trust-cell-${from}-${to}`);
  }
}
