// The golden-signals answer for one service from its sources: one range query per source,
// in parallel, parsed onto one grid and merged; failures become per-source errors.
import type { MetricsRange, ServiceMetricsDto } from "@/lib/model/metrics";
import { fanOut } from "@/lib/fleet-metrics/fan-out";
import {
  buildGoldenSeriesQuery,
  mergeGoldenSeries,
  parseGoldenSeries,
  timeGrid,
  type Values,
} from "@/lib/fleet-metrics/golden-series";
import type { MetricsMesh } from "@/lib/fleet-metrics/golden-signals";
import {
  PrometheusQueryError,
  type PrometheusClient,
  type PrometheusSource,
} from "@/lib/fleet-metrics/prometheus-client";

/**
 * A source with its scope: per-cluster sources name their cluster in `cluster`, and may
 * narrow `meshes` to what runs there (half the expression when only one mesh does).
 */
export type ScopedSource = PrometheusSource & {
  scope: "global" | "cluster";
  meshes?: readonly MetricsMesh[];
};

/** Input of {@link queryServiceSeries}. */
export interface ServiceSeriesInput {
  client: PrometheusClient;
  sources: readonly ScopedSource[];
  meshes: readonly MetricsMesh[];
  namespace: string;
  name: string;
  range: MetricsRange;
  params: { start: number; end: number; step: number; window: string };
}

/**
 * Queries every source once (the whole golden-signals expression as one range query),
 * in parallel under the client's timeouts and limits, and merges the answers.
 */
export async function queryServiceSeries(
  input: ServiceSeriesInput,
): Promise<Extract<ServiceMetricsDto, { configured: true }>> {
  const { client, sources, meshes, namespace, name, params: range } = input;
  const grid = timeGrid(range.start, range.end, range.step);
  const queries = new Map<string, string>();
  const promqlFor = (source: ScopedSource) => {
    const ms = source.meshes?.length ? source.meshes : meshes;
    const key = [...ms].sort().join(",");
    let q = queries.get(key);
    if (!q)
      queries.set(
        key,
        (q = buildGoldenSeriesQuery({ meshes: ms, namespace, name, window: range.window })),
      );
    return q;
  };

  const result = await fanOut(sources, async (source) => {
    const { data } = await client.queryRange(source, promqlFor(source), range);
    if (data.resultType !== "matrix") {
      throw new PrometheusQueryError(source.name, "invalid-response", "unexpected result type");
    }
    return parseGoldenSeries(data.result, grid, {
      source: source.name,
      fallbackCluster: source.scope === "cluster" ? source.cluster : undefined,
    });
  });
  const merged = mergeGoldenSeries(
    result.items.map((i) => i.data),
    grid.length,
  );
  const pick = (key: "rps" | "errors" | "p50" | "p95" | "p99" | "errorRatio") => ({
    total: merged.total[key] as Values,
    byCluster: Object.fromEntries(merged.clusters.map((c) => [c, merged.byCluster[c]![key]])),
  });
  const failed = new Set(result.errors.map((e) => e.source));
  return {
    configured: true,
    range: input.range,
    start: range.start,
    end: range.end,
    step: range.step,
    window: range.window,
    timestamps: grid,
    clusters: merged.clusters,
    signals: {
      requestRate: pick("rps"),
      errorRate: pick("errors"),
      errorRatio: pick("errorRatio"),
      p50Ms: pick("p50"),
      p95Ms: pick("p95"),
      p99Ms: pick("p99"),
    },
    approximateQuantiles: merged.approximateQuantiles,
    sources: sources.map((s) => ({ name: s.name, ok: !failed.has(s.name) })),
    errors: result.errors,
  };
}
