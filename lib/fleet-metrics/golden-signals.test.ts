import { describe, expect, it } from "vitest";

import {
  buildGoldenSignalsQuery,
  mergeGoldenSignals,
  parseGoldenSignals,
} from "@/lib/fleet-metrics/golden-signals";
import type { VectorSample } from "@/lib/fleet-metrics/prometheus-schema";

const sample = (metric: Record<string, string>, v: number): VectorSample => ({
  metric,
  value: [1700000000, v],
});

describe("buildGoldenSignalsQuery", () => {
  it("builds one Istio query with server-side reports, per cluster and total", () => {
    const q = buildGoldenSignalsQuery({
      mesh: "istio",
      namespace: "bookinfo",
      name: "reviews",
      window: "15s",
    });
    const sel = `reporter="destination",destination_service_namespace="bookinfo",destination_service_name=~"reviews|reviews\\\\.bookinfo\\\\..+"`;
    const parts = q.split("\nor\n");
    expect(parts).toHaveLength(10);
    expect(parts[0]).toBe(
      `label_replace(label_replace(sum by (cluster) (rate(istio_requests_total{${sel}}[15s])), "signal", "rps", "", ""), "scope", "cluster", "", "")`,
    );
    expect(parts[1]).toContain(`istio_requests_total{${sel},response_code=~"5.."}[15s]`);
    expect(parts[2]).toContain(
      `histogram_quantile(0.5, sum by (cluster, le) (rate(istio_request_duration_milliseconds_bucket{${sel}}[15s])))`,
    );
    expect(parts[5]).toContain(`sum (rate(istio_requests_total{${sel}}[15s]))`);
    expect(parts[9]).toContain(`histogram_quantile(0.99, sum by (le) (`);
    expect(parts[9]).toContain(`"scope", "total"`);
  });

  it("builds the Linkerd query on inbound responses by authority", () => {
    const q = buildGoldenSignalsQuery({ mesh: "linkerd", namespace: "bookinfo", name: "reviews" });
    expect(q).toContain(
      String.raw`response_total{direction="inbound",authority=~"reviews\\.bookinfo\\..+"}[1m]`,
    );
    expect(q).toContain(`status_code=~"5.."`);
    expect(q).toContain("response_latency_ms_bucket{");
  });

  it("honours a custom cluster label", () => {
    const q = buildGoldenSignalsQuery({
      mesh: "istio",
      namespace: "a",
      name: "b",
      clusterLabel: "k8s_cluster",
    });
    expect(q).toContain("sum by (k8s_cluster) (");
    expect(q).toContain("sum by (k8s_cluster, le) (");
  });

  it("refuses names that could inject PromQL", () => {
    expect(() =>
      buildGoldenSignalsQuery({ mesh: "istio", namespace: "bookinfo", name: 'x"} or up{' }),
    ).toThrow();
    expect(() =>
      buildGoldenSignalsQuery({ mesh: "istio", namespace: "a", name: "b", window: "1m) or up" }),
    ).toThrow();
  });
});

describe("parseGoldenSignals", () => {
  it("splits per-cluster series from the total and derives the error ratio", () => {
    const r = parseGoldenSignals([
      sample({ signal: "rps", scope: "cluster", cluster: "east-2" }, 10),
      sample({ signal: "errors", scope: "cluster", cluster: "east-2" }, 5),
      sample({ signal: "p50", scope: "cluster", cluster: "east-2" }, 20),
      sample({ signal: "rps", scope: "cluster", cluster: "east-1" }, 12),
      sample({ signal: "p99", scope: "cluster", cluster: "east-1" }, Number.NaN),
      sample({ signal: "rps", scope: "total" }, 22),
      sample({ signal: "errors", scope: "total" }, 5),
      sample({ signal: "p95", scope: "total" }, Number.POSITIVE_INFINITY),
      sample({ signal: "bogus", scope: "total" }, 1),
    ]);
    expect(r.clusters.map((c) => c.cluster)).toEqual(["east-1", "east-2"]);
    expect(r.clusters[1]!.signals).toEqual({
      requestRate: 10,
      errorRate: 5,
      errorRatio: 0.5,
      p50Ms: 20,
      p95Ms: null,
      p99Ms: null,
    });
    // No 5xx series with traffic = zero errors; NaN quantile (no data) = null.
    expect(r.clusters[0]!.signals.errorRate).toBe(0);
    expect(r.clusters[0]!.signals.errorRatio).toBe(0);
    expect(r.clusters[0]!.signals.p99Ms).toBeNull();
    expect(r.total.requestRate).toBe(22);
    expect(r.total.errorRatio).toBeCloseTo(5 / 22);
    expect(r.total.p95Ms).toBeNull();
  });

  it("attributes unlabeled series to the source's cluster", () => {
    const r = parseGoldenSignals([sample({ signal: "rps", scope: "cluster" }, 3)], {
      fallbackCluster: "west-1",
    });
    expect(r.clusters).toEqual([
      {
        cluster: "west-1",
        signals: expect.objectContaining({ requestRate: 3 }) as unknown,
      },
    ]);
  });

  it("returns nulls without traffic", () => {
    const r = parseGoldenSignals([]);
    expect(r.clusters).toEqual([]);
    expect(r.total.requestRate).toBeNull();
    expect(r.total.errorRatio).toBeNull();
  });
});

describe("mergeGoldenSignals", () => {
  it("adds rates and takes the worst quantile as an upper bound", () => {
    const a = parseGoldenSignals(
      [
        sample({ signal: "rps", scope: "cluster" }, 10),
        sample({ signal: "rps", scope: "total" }, 10),
        sample({ signal: "errors", scope: "total" }, 1),
        sample({ signal: "p99", scope: "total" }, 40),
      ],
      { fallbackCluster: "a" },
    );
    const b = parseGoldenSignals(
      [
        sample({ signal: "rps", scope: "cluster" }, 30),
        sample({ signal: "rps", scope: "total" }, 30),
        sample({ signal: "p99", scope: "total" }, 90),
      ],
      { fallbackCluster: "b" },
    );
    const m = mergeGoldenSignals([b, a]);
    expect(m.clusters.map((c) => c.cluster)).toEqual(["a", "b"]);
    expect(m.total.requestRate).toBe(40);
    expect(m.total.errorRate).toBe(1);
    expect(m.total.errorRatio).toBeCloseTo(1 / 40);
    expect(m.total.p99Ms).toBe(90);
    expect(m.approximateQuantiles).toBe(true);
  });
});
