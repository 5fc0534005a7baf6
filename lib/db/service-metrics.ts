import "server-only";

import { ApiError } from "@/lib/api/errors";
import type { ServiceMetricsDto, ServiceMetricsQuery } from "@/lib/api/metrics-schemas";
import { env } from "@/lib/env";
import { getGlobalService } from "@/lib/db/global-services";
import { metricsClient } from "@/lib/db/metrics-runtime";
import { loadRuntimeSources, type RuntimeSource } from "@/lib/db/metrics-sources";
import { fanOut } from "@/lib/metrics/fan-out";
import {
  buildGoldenSeriesQuery,
  chartRange,
  mergeGoldenSeries,
  parseGoldenSeries,
  timeGrid,
  type Values,
} from "@/lib/metrics/golden-series";
import type { MetricsMesh } from "@/lib/metrics/golden-signals";
import { PrometheusQueryError, type PrometheusClient } from "@/lib/metrics/prometheus-client";

const METRICS_MESHES: readonly MetricsMesh[] = ["istio", "linkerd"];

/** Which sources answer for a service: every global source, and per-cluster sources of its clusters. */
function relevantSources(all: RuntimeSource[], clusters: Set<string>): RuntimeSource[] {
  return all.filter(
    (s) => s.scope === "global" || (s.cluster !== undefined && clusters.has(s.cluster)),
  );
}

function demoHint(): string | null {
  return env().MERIDIAN_DEMO_METRICS === "unavailable"
    ? "This demo runs without metrics because no `prometheus` binary is on PATH. Install it (`apt-get install -y prometheus`) and restart `npm run demo`: it then starts a Prometheus per cluster plus a federating one and registers them here."
    : null;
}

/** Options for tests and benchmarks: another client, a fixed clock, explicit sources. */
export interface ServiceMetricsOptions {
  client?: PrometheusClient;
  now?: number;
  sources?: RuntimeSource[];
}

/**
 * Golden signals of one global service over a range, per cluster and in total, from every
 * relevant source — one range query per source — with per-source errors for partial
 * results. Null when the service does not exist.
 */
export async function getServiceMetrics(
  namespace: string,
  name: string,
  query: ServiceMetricsQuery,
  opts: ServiceMetricsOptions = {},
): Promise<ServiceMetricsDto | null> {
  const service = await getGlobalService(namespace, name);
  if (!service) return null;
  const memberClusters = new Set(service.clusters.map((c) => c.cluster));
  const sources = relevantSources(
    opts.sources ?? (await loadRuntimeSources("prometheus")),
    memberClusters,
  );
  if (sources.length === 0) {
    return {
      configured: false,
      reason: "no-sources",
      message: "No Prometheus source is configured. An admin can add one under Settings → Metrics.",
      hint: demoHint(),
    };
  }
  const meshes = METRICS_MESHES.filter((m) => service.clusters.some((c) => c.meshes.includes(m)));
  if (meshes.length === 0) {
    return {
      configured: false,
      reason: "unsupported-mesh",
      message:
        "Golden signals are read from Istio and Linkerd proxy metrics; this service runs on neither.",
      hint: null,
    };
  }
  const range = chartRange(query.range, opts.now ?? Date.now(), {
    step: query.step,
    baseWindow: env().MERIDIAN_METRICS_WINDOW,
  });
  if (!range) throw new ApiError(400, "invalid_input", "step: too many points for this range");
  const grid = timeGrid(range.start, range.end, range.step);
  const promql = buildGoldenSeriesQuery({ meshes, namespace, name, window: range.window });
  const client = opts.client ?? (await metricsClient());

  const result = await fanOut(sources, async (source) => {
    const { data } = await client.queryRange(source, promql, range);
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
    range: query.range,
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
