// Golden signals from REAL Prometheus: the demo (scripts/lib/demo-metrics.ts) runs a traffic
// generator and a Prometheus per simulated cluster plus a federating one, registered as
// sources. This spec fails — never skips — when `prometheus` is not installed.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { adminTest as test, expect, SCREENSHOT_DIR, sameOrigin } from "./helpers/fixtures";
import { GoldenSignalsCard } from "./pages/golden-signals-card";

const DOCS = path.resolve("docs", "screenshots");

test.beforeAll(() => {
  const found = spawnSync("prometheus", ["--version"], { stdio: "ignore" });
  if (found.error || found.status !== 0) {
    throw new Error(
      "prometheus is not on PATH: this spec needs the demo's real Prometheus servers — run `apt-get install -y prometheus` and restart the e2e server",
    );
  }
});

/** Copies a captured screenshot into docs/screenshots under a stable name. */
function publish(captured: string, name: string) {
  mkdirSync(DOCS, { recursive: true });
  copyFileSync(
    path.join(SCREENSHOT_DIR, `global-service-metrics--${captured}.png`),
    path.join(DOCS, `${name}.png`),
  );
}

/** Seconds of data the federated charts hold so far (first to last sample of the total). */
async function secondsOfData(page: Page): Promise<number> {
  const res = await page.request.get("/api/v1/global-services/bookinfo/reviews/metrics?range=15m");
  const body = (await res.json()) as {
    configured: boolean;
    timestamps?: number[];
    signals?: { requestRate: { total: Array<number | null> } };
  };
  if (!body.configured || !body.timestamps || !body.signals) return 0;
  const total = body.signals.requestRate.total;
  const first = total.findIndex((v) => v !== null);
  return first < 0 ? 0 : body.timestamps.at(-1)! - body.timestamps[first]!;
}

test.describe("global service golden signals", () => {
  // One after another: the later screenshots get the longer history.
  test.describe.configure({ mode: "serial", timeout: 240_000 });

  test("Settings → Metrics lists the demo's sources and tests one", async ({ page, capture }) => {
    await page.goto("/settings/metrics");
    const table = page.getByRole("table", { name: "Metrics sources" });
    // The demo's four sources (other specs may add their own for a while).
    for (const name of ["federated", "east-1", "east-2", "west-1"])
      await expect(table.getByTestId(`source-demo-${name}`)).toBeVisible();
    const federated = page.getByTestId("source-demo-federated");
    await expect(federated).toContainText("global");
    await federated.getByRole("button", { name: "Test demo-federated" }).click();
    await expect(federated.getByTestId("source-test-result")).toContainText("Connected");
    await expect(page.getByLabel("Allowed private networks")).toHaveValue(/127\.0\.0\.1\/32/);
    await capture("settings-metrics");
    publish("settings-metrics", "settings-metrics");

    // The form: credentials are write-only fields.
    await page.getByTestId("add-source").click();
    const dialog = page.getByRole("dialog", { name: "Add a metrics source" });
    await dialog.getByLabel("Authentication").selectOption("bearer");
    await expect(dialog.getByLabel("Token")).toHaveAttribute("type", "password");
    await capture("settings-metrics-add");
    await dialog.getByRole("button", { name: "Cancel" }).click();
  });

  test("reviews shows request rate, errors and latency per cluster from real Prometheus", async ({
    page,
    capture,
  }) => {
    const signals = new GoldenSignalsCard(page);
    await signals.gotoService("bookinfo", "reviews");
    // reviews is served where a productpage calls it: east-1 and west-1 (east-2 runs no
    // productpage, and nothing imports reviews) — the series are the serving clusters, named.
    await signals.waitForData(2);
    await expect(signals.legend()).toHaveText([
      "Served by",
      "US East 1 (primary)east-1",
      "EU West 1west-1",
      "Total",
    ]);
    await expect(signals.partial).toHaveCount(0);
    // The demo gives west-1's reviews a small background 5xx rate (below the alert threshold).
    await expect(signals.errorsValue).toHaveText(/^(<0\.1|\d+(\.\d)?)%$/);
    // The federating source and the per-cluster sources of the clusters that run reviews.
    await expect(signals.card).toContainText("4 sources");
    await expect(signals.card).toContainText("server-reported, rate over 15s");
    // Two minutes of samples, so the lines are long enough to read in the screenshot.
    await expect
      .poll(() => secondsOfData(page), { timeout: 180_000, intervals: [5_000] })
      .toBeGreaterThanOrEqual(120);
    await page.waitForTimeout(11_000); // one more live refresh of the card
    await capture("reviews");
    await signals.card.screenshot({
      path: path.join(SCREENSHOT_DIR, "global-service-metrics--reviews-card.png"),
      animations: "disabled",
    });
    publish("reviews", "global-service-metrics");

    // A wider range keeps the charts (no blank frame while it loads).
    await signals.range.getByRole("radio", { name: "1h" }).click();
    await expect(signals.range.getByRole("radio", { name: "1h" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    await expect(signals.lines).toHaveCount(9);
    await expect(signals.card).toContainText("refreshes every 15 s");
  });

  test("the card reads well in dark mode", async ({ page, capture }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    const signals = new GoldenSignalsCard(page);
    await signals.gotoService("bookinfo", "reviews");
    await signals.waitForData(2);
    await capture("reviews-dark");
    publish("reviews-dark", "global-service-metrics-dark");
  });

  test("marks a failing source and explains when no source is configured", async ({
    page,
    capture,
  }) => {
    const signals = new GoldenSignalsCard(page);
    // A source nobody listens on (port 9, discard): its failure is named, the rest still draws.
    const added = await page.request.post("/api/v1/metrics/sources", {
      headers: sameOrigin(),
      data: { name: "broken-prometheus", url: "http://127.0.0.1:9" },
    });
    expect(added.status()).toBe(201);
    const broken = ((await added.json()) as { id: string }).id;
    try {
      await signals.gotoService("bookinfo", "reviews");
      await expect(signals.partial).toContainText("broken-prometheus: unreachable");
      await signals.waitForData(2);
      await capture("reviews-partial");
    } finally {
      await page.request.delete(`/api/v1/metrics/sources/${broken}`, { headers: sameOrigin() });
    }

    const list = (await (await page.request.get("/api/v1/metrics/sources")).json()) as {
      items: Array<{ id: string }>;
    };
    const toggle = (enabled: boolean) =>
      Promise.all(
        list.items.map((s) =>
          page.request.patch(`/api/v1/metrics/sources/${s.id}`, {
            headers: sameOrigin(),
            data: { enabled },
          }),
        ),
      );
    await toggle(false);
    try {
      await signals.gotoService("bookinfo", "reviews");
      await expect(signals.notConfigured).toContainText("Metrics are not configured");
      await expect(
        signals.notConfigured.getByRole("link", { name: "Metrics settings" }),
      ).toHaveAttribute("href", "/settings/metrics");
      await capture("reviews-not-configured");
    } finally {
      await toggle(true);
    }
  });
});
