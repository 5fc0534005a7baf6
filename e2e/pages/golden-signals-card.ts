import { expect, type Locator, type Page } from "@playwright/test";

/** The golden-signals card on a global service page. */
export class GoldenSignalsCard {
  readonly card: Locator;
  readonly range: Locator;
  readonly partial: Locator;
  readonly notConfigured: Locator;
  readonly rpsValue: Locator;
  readonly errorsValue: Locator;
  readonly latencyValue: Locator;
  /** Drawn lines (clusters and the total) across the three charts. */
  readonly lines: Locator;

  constructor(readonly page: Page) {
    this.card = page.getByTestId("golden-signals");
    this.range = this.card.getByRole("radiogroup", { name: "Time range" });
    this.partial = this.card.getByTestId("metrics-partial");
    this.notConfigured = this.card.getByTestId("metrics-not-configured");
    this.rpsValue = this.card.getByTestId("signal-rps-value");
    this.errorsValue = this.card.getByTestId("signal-errors-value");
    this.latencyValue = this.card.getByTestId("signal-latency-value");
    this.lines = this.card.locator(".recharts-line-curve");
  }

  async gotoService(namespace: string, name: string): Promise<void> {
    await this.page.goto(`/services/${namespace}/${name}`);
    await expect(this.card).toBeVisible();
  }

  /** Waits until the charts show real samples: a request rate and a line per series. */
  async waitForData(clusters: number, timeoutMs = 75_000): Promise<void> {
    await expect(
      this.notConfigured,
      "golden signals say metrics are not configured: the demo did not start Prometheus",
    ).toHaveCount(0);
    await expect(this.rpsValue).toHaveText(/^\d+(\.\d+)?k?\/s$/, { timeout: timeoutMs });
    // Per chart: one line per cluster plus the total.
    await expect(this.lines).toHaveCount(3 * (clusters + 1), { timeout: timeoutMs });
    await expect(this.latencyValue).toHaveText(/ms|s$/, { timeout: timeoutMs });
  }

  legend(): Locator {
    return this.card.getByRole("list", { name: "Series" }).getByRole("listitem");
  }
}
