import "server-only";

import { invalid } from "@/lib/domain/errors";
import {
  DEMO_METRICS_COMMAND,
  type ServiceMetricsDto,
  type ServiceMetricsQuery,
} from "@/lib/model/metrics";
import { env } from "@/lib/infra/env";
import { getGlobalService } from "@/lib/store/global-services";
import { metricsClient } from "@/lib/services/fleet-metrics/metrics-runtime";
import {
  loadRuntimeSources,
  type RuntimeSource,
} from "@/lib/services/fleet-metrics/runtime-sources";
import { chartRange } from "@/lib/fleet-metrics/golden-series";
import { METRICS_MESHES } from "@/lib/fleet-metrics/golden-signals";
import type { PrometheusClient } from "@/lib/fleet-metrics/prometheus-client";
import { queryServiceSeries } from "@/lib/fleet-metrics/service-series";

/** Which sources answer for a service: every global source, and per-cluster sources of its clusters. */
function relevantSources(all: RuntimeSource[], clusters: Set<string>): RuntimeSource[] {
  return all.filter(
    (s) => s.scope === "global" || (s.cluster !== undefined && clusters.has(s.cluster)),
  );
}

/** True when `npm run demo` started without Prometheus (no `prometheus` on PATH). */
export function demoRunsWithoutPrometheus(): boolean {
  return env().MERIDIAN_DEMO_METRICS === "unavailable";
}

function demoHint(): string | null {
  return demoRunsWithoutPrometheus()
    ? `This demo has no metrics because Prometheus is not installed: stop it and run \`${DEMO_METRICS_COMMAND}\`.`
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
  if (!range) throw invalid("step: too many points for this range");
  // A per-cluster Prometheus only has its own cluster's mesh metrics: ask only for those.
  const meshesOf = new Map(
    service.clusters.map((c) => [c.cluster, METRICS_MESHES.filter((m) => c.meshes.includes(m))]),
  );
  return queryServiceSeries({
    client: opts.client ?? (await metricsClient()),
    sources: sources.map((s) => ({
      ...s,
      ...(s.scope === "cluster" && s.cluster ? { meshes: meshesOf.get(s.cluster) ?? [] } : {}),
    })),
    meshes,
    namespace,
    name,
    range: query.range,
    params: range,
  });
}
