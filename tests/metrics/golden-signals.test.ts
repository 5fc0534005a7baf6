// Golden signals from REAL Prometheus servers: three clusters (generator + Prometheus
// each) and a federating Prometheus; error injection, a stopped source, a slow source
// and a redirecting source.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { fanOut } from "@/lib/fleet-metrics/fan-out";
import { mergeGoldenSignals, type GoldenSignalsResult } from "@/lib/fleet-metrics/golden-signals";
import {
  createPrometheusClient,
  type PrometheusClient,
  type PrometheusSource,
} from "@/lib/fleet-metrics/prometheus-client";
import { createSsrfGuard } from "@/lib/fleet-metrics/ssrf-guard";

import { goldenSignals, pollUntil, startRedirectingSource, startSlowSource } from "./helpers";
import { startMetricsFleet, type MetricsFleet } from "./prometheus-harness";

const CLUSTERS = ["east-1", "east-2", "west-1"];
// Short windows (5 scrapes at 1 s): rates settle in seconds, not minutes.
const REVIEWS = { mesh: "istio", namespace: "bookinfo", name: "reviews", window: "5s" } as const;
// Each cluster's reviews: 10 rps from its own productpage + 2 rps cross-cluster.
const REVIEWS_RPS = 12;

let fleet: MetricsFleet;
let client: PrometheusClient;
let global: PrometheusSource;
let perCluster: PrometheusSource[];

const byCluster = (r: GoldenSignalsResult, cluster: string) =>
  r.clusters.find((c) => c.cluster === cluster)?.signals;
const allClustersFlowing = (r: GoldenSignalsResult) =>
  CLUSTERS.every((c) => (byCluster(r, c)?.requestRate ?? 0) > REVIEWS_RPS * 0.7);

beforeAll(async () => {
  fleet = await startMetricsFleet(CLUSTERS, "istio");
  // Test servers are on loopback, so the admin allow-list has to permit it.
  const guard = createSsrfGuard({ allow: ["127.0.0.1/32"] });
  client = createPrometheusClient({ timeoutMs: 1_500, cacheTtlMs: 0, checkUrl: guard.check });
  global = { name: "global", url: fleet.global.url };
  perCluster = CLUSTERS.map((c) => ({ name: c, url: fleet.clusters.get(c)!.url, cluster: c }));
}, 60_000);

afterAll(async () => {
  await fleet?.stop();
}, 30_000);

// Own timeouts, so the file also runs under the main vitest config.
describe("golden signals against real Prometheus", { timeout: 60_000 }, () => {
  it("reads per-cluster and total signals for reviews from the federating source", async () => {
    const r = await pollUntil(() => goldenSignals(client, global, REVIEWS), allClustersFlowing);
    expect(r.clusters.map((c) => c.cluster)).toEqual(CLUSTERS);
    for (const { signals } of r.clusters) {
      expect(signals.requestRate).toBeGreaterThan(REVIEWS_RPS * 0.7);
      expect(signals.requestRate).toBeLessThan(REVIEWS_RPS * 1.4);
      expect(signals.errorRatio).toBe(0);
      // reviews answers in 12–28 ms; quantiles interpolate inside Istio's 10/25/50 ms buckets.
      expect(signals.p50Ms).toBeGreaterThan(5);
      expect(signals.p99Ms).toBeLessThanOrEqual(50);
    }
    expect(r.total.requestRate).toBeGreaterThan(3 * REVIEWS_RPS * 0.7);
    expect(r.total.p95Ms).toBeGreaterThan(0);
  });

  it("reads the same signals from per-cluster sources and merges them", async () => {
    const merged = await pollUntil(async () => {
      const res = await fanOut(perCluster, (s) => goldenSignals(client, s, REVIEWS));
      expect(res.errors).toEqual([]);
      return mergeGoldenSignals(res.items.map((i) => i.data));
    }, allClustersFlowing);
    expect(merged.clusters.map((c) => c.cluster)).toEqual(CLUSTERS);
    expect(merged.approximateQuantiles).toBe(true);
    expect(merged.total.requestRate).toBeGreaterThan(3 * REVIEWS_RPS * 0.7);
  });

  it("shows injected errors in that cluster only", async () => {
    fleet.generators.get("east-2")!.inject("reviews", { errorRate: 0.5, latencyMs: 0 });
    try {
      const r = await pollUntil(
        () => goldenSignals(client, global, REVIEWS),
        (x) => (byCluster(x, "east-2")?.errorRatio ?? 0) > 0.25,
        40_000,
      );
      expect(byCluster(r, "east-1")?.errorRatio).toBeLessThan(0.01);
      expect(byCluster(r, "west-1")?.errorRatio).toBeLessThan(0.01);
      expect(r.total.errorRate).toBeGreaterThan(0);
      expect(r.total.errorRatio).toBeLessThan(byCluster(r, "east-2")!.errorRatio!);
    } finally {
      fleet.generators.get("east-2")!.reset();
    }
  });

  it("marks a slow source as timed out and a redirecting one as refused, keeping the others", async () => {
    const slow = await startSlowSource(5_000);
    const redirect = await startRedirectingSource(`${fleet.global.url}/api/v1/query`);
    try {
      const started = Date.now();
      const res = await fanOut(
        [global, { name: "slow", url: slow.url }, { name: "redirect", url: redirect.url }],
        (s) => goldenSignals(client, s, REVIEWS),
      );
      expect(Date.now() - started).toBeLessThan(4_000);
      expect(res.items.map((i) => i.source)).toEqual(["global"]);
      expect(res.items[0]!.data.clusters).toHaveLength(3);
      expect(res.errors).toEqual([
        { source: "slow", message: "source slow failed: timeout" },
        { source: "redirect", message: "source redirect failed: redirects are not followed" },
      ]);
      expect(JSON.stringify(res.errors)).not.toContain("127.0.0.1");
    } finally {
      await Promise.all([slow.stop(), redirect.stop()]);
    }
  });

  it("returns partial results when one cluster's Prometheus is down", async () => {
    await fleet.clusters.get("west-1")!.stop();
    const res = await fanOut(perCluster, (s) => goldenSignals(client, s, REVIEWS));
    expect(res.items.map((i) => i.source)).toEqual(["east-1", "east-2"]);
    expect(res.errors).toEqual([
      { source: "west-1", message: "source west-1 failed: unreachable" },
    ]);
    for (const item of res.items) expect(item.data.clusters[0]?.cluster).toBe(item.source);
  });
});
