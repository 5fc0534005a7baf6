import { describe, expect, it } from "vitest";

import {
  buildGoldenSeriesQuery,
  chartRange,
  mergeGoldenSeries,
  parseGoldenSeries,
  timeGrid,
} from "@/lib/fleet-metrics/golden-series";
import type { MatrixSeries } from "@/lib/fleet-metrics/prometheus-schema";

const grid = timeGrid(100, 130, 10); // 100, 110, 120, 130
const series = (labels: Record<string, string>, values: Array<[number, number]>): MatrixSeries => ({
  metric: labels,
  values,
});

describe("golden series", () => {
  it("builds one expression for both meshes, tagged by mesh", () => {
    const q = buildGoldenSeriesQuery({
      meshes: ["linkerd", "istio", "istio"],
      namespace: "bookinfo",
      name: "reviews",
      window: "15s",
    });
    expect(q.match(/"mesh", "istio"/g)).toHaveLength(1);
    expect(q.match(/"mesh", "linkerd"/g)).toHaveLength(1);
    expect(q).toContain("istio_requests_total");
    expect(q).toContain("response_total");
    expect(q).toContain("[15s]");
    expect(() =>
      buildGoldenSeriesQuery({ meshes: [], namespace: "a", name: "b", window: "1m" }),
    ).toThrow();
  });

  it("puts samples on the grid, attributes unlabelled series and turns NaN into null", () => {
    const s = parseGoldenSeries(
      [
        series({ signal: "rps", scope: "cluster", mesh: "istio" }, [
          [110, 5],
          [130, 6],
        ]),
        series({ signal: "p95", scope: "cluster", mesh: "istio" }, [
          [110, Number.NaN],
          [120, 20],
        ]),
        series({ signal: "rps", scope: "total", mesh: "istio" }, [[100, 1]]),
      ],
      grid,
      { source: "east-1", fallbackCluster: "east-1" },
    );
    expect(s.perCluster).toBe(true);
    expect(s.clusters.get("east-1")?.rps).toEqual([null, 5, null, 6]);
    expect(s.clusters.get("east-1")?.p95).toEqual([null, null, 20, null]);
    expect(s.total.rps).toEqual([1, null, null, null]);
  });

  it("adds rates and takes the larger quantile when a source has two meshes", () => {
    const s = parseGoldenSeries(
      [
        series({ signal: "rps", scope: "total", mesh: "istio" }, [[100, 2]]),
        series({ signal: "rps", scope: "total", mesh: "linkerd" }, [[100, 3]]),
        series({ signal: "p99", scope: "total", mesh: "istio" }, [[100, 40]]),
        series({ signal: "p99", scope: "total", mesh: "linkerd" }, [[100, 90]]),
      ],
      grid,
      { source: "global" },
    );
    expect(s.combinedMeshes).toBe(true);
    expect(s.total.rps[0]).toBe(5);
    expect(s.total.p99[0]).toBe(90);
  });

  it("prefers the global source, fills in from per-cluster ones and derives the error ratio", () => {
    const global = parseGoldenSeries(
      [
        series({ signal: "rps", scope: "cluster", cluster: "a" }, [[100, 10]]),
        series({ signal: "rps", scope: "cluster", cluster: "b" }, [[100, 20]]),
        series({ signal: "errors", scope: "cluster", cluster: "b" }, [[100, 5]]),
        series({ signal: "rps", scope: "total" }, [[100, 30]]),
      ],
      grid,
      { source: "global" },
    );
    const local = (cluster: string, rps: number) =>
      parseGoldenSeries([series({ signal: "rps", scope: "cluster" }, [[100, rps]])], grid, {
        source: `prom-${cluster}`,
        fallbackCluster: cluster,
      });
    // Global first or last: it wins for the clusters it has, and its exact total is kept.
    const merged = mergeGoldenSeries([local("a", 11), global], grid.length);
    expect(merged.clusters).toEqual(["a", "b"]);
    expect(merged.byCluster.a?.rps[0]).toBe(10);
    expect(merged.byCluster.a?.errorRatio[0]).toBe(0);
    expect(merged.byCluster.b?.errorRatio[0]).toBe(0.25);
    expect(merged.total.rps[0]).toBe(30);
    expect(merged.approximateQuantiles).toBe(false);
    // A cluster the global source lacks comes from its own Prometheus; the total is summed.
    const filled = mergeGoldenSeries([global, local("c", 7)], grid.length);
    expect(filled.clusters).toEqual(["a", "b", "c"]);
    expect(filled.total.rps[0]).toBe(37);
    expect(filled.approximateQuantiles).toBe(true);
    // One source alone keeps its own (exact) total.
    const alone = mergeGoldenSeries([global], grid.length);
    expect(alone.total.rps[0]).toBe(30);
    expect(alone.approximateQuantiles).toBe(false);
  });

  it("rounds the end down, widens the window to the step and caps the points", () => {
    expect(chartRange("15m", 1_000_003_000, { baseWindow: "10s" })).toEqual({
      start: 1_000_000 - 900,
      end: 1_000_000,
      step: 15,
      window: "15s",
    });
    expect(chartRange("1h", 0, { baseWindow: "1m" })?.window).toBe("60s");
    // A step that does not divide the range still ends the grid at "now".
    const odd = chartRange("15m", 1_000_003_000, { step: 57, baseWindow: "5s" })!;
    expect(odd).toMatchObject({ start: 1_000_000 - 15 * 57, end: 1_000_000, window: "57s" });
    expect(timeGrid(odd.start, odd.end, odd.step).at(-1)).toBe(odd.end);
    expect(chartRange("24h", 0, { step: 1, baseWindow: "1m" })).toBeNull();
  });
});
