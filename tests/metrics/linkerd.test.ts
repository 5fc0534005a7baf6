// Linkerd-style proxy metrics through real Prometheus servers, plus range queries and
// real Prometheus error answers through the client.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { buildGoldenSignalsQuery } from "@/lib/fleet-metrics/golden-signals";
import {
  createPrometheusClient,
  type PrometheusClient,
  type PrometheusSource,
} from "@/lib/fleet-metrics/prometheus-client";

import { goldenSignals, pollUntil } from "./helpers";
import { startMetricsFleet, type MetricsFleet } from "./prometheus-harness";

const CLUSTERS = ["east-1", "west-1"];
const REVIEWS = { mesh: "linkerd", namespace: "bookinfo", name: "reviews", window: "5s" } as const;

let fleet: MetricsFleet;
let client: PrometheusClient;
let global: PrometheusSource;

beforeAll(async () => {
  fleet = await startMetricsFleet(CLUSTERS, "linkerd");
  client = createPrometheusClient({ timeoutMs: 2_000, cacheTtlMs: 0 });
  global = { name: "global", url: fleet.global.url };
}, 60_000);

afterAll(async () => {
  await fleet?.stop();
}, 30_000);

// Own timeouts, so the file also runs under the main vitest config.
describe("linkerd golden signals against real Prometheus", { timeout: 60_000 }, () => {
  it("reads inbound response rates and latency per cluster", async () => {
    fleet.generators.get("west-1")!.inject("reviews", { errorRate: 1, latencyMs: 800 });
    const r = await pollUntil(
      () => goldenSignals(client, global, REVIEWS),
      (x) =>
        x.clusters.length === 2 &&
        x.clusters.every((c) => (c.signals.requestRate ?? 0) > 8) &&
        (x.clusters[1]?.signals.errorRatio ?? 0) > 0.5,
    );
    const [east, west] = r.clusters;
    expect(east!.cluster).toBe("east-1");
    expect(east!.signals.errorRatio).toBe(0);
    expect(east!.signals.p50Ms).toBeLessThan(50);
    expect(west!.cluster).toBe("west-1");
    // 800 ms injected: quantiles land in Linkerd's 500–1000 ms bucket or above.
    expect(west!.signals.p99Ms).toBeGreaterThan(500);
    expect(r.total.requestRate).toBeGreaterThan(16);
  });

  it("runs range queries and reports Prometheus's own errors", async () => {
    const end = Math.floor(Date.now() / 1000);
    const range = await client.queryRange(
      global,
      buildGoldenSignalsQuery({ ...REVIEWS, namespace: "bookinfo" }),
      { start: end - 10, end, step: 1 },
    );
    expect(range.data.resultType).toBe("matrix");
    expect(range.data.resultType === "matrix" && range.data.result.length).toBeGreaterThan(0);

    const bad = await client.query(global, "sum(").then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(bad?.message).toMatch(/^source global failed: bad_data: /);
    expect(bad?.message).not.toContain("127.0.0.1");
  });
});
