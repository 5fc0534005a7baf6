import "server-only";

import {
  loadRuntimeSources,
  type RuntimeSource,
} from "@/lib/services/fleet-metrics/runtime-sources";
import { metricsClient } from "@/lib/services/fleet-metrics/metrics-runtime";
import { loadTopologyInventory } from "@/lib/services/inventory/catalog";
import { fetchCallEdges } from "@/lib/fleet-metrics/call-edges";
import { signalsWindow } from "@/lib/fleet-metrics/golden-series";
import { env } from "@/lib/infra/env";
import { topologyQuerySchema } from "@/lib/graph/query";
import { clusterId } from "@/lib/graph/model";
import type { UnmanagedCall } from "@/lib/domain/unmanaged-traffic";
import {
  createTopologyService,
  type CallsInput,
  type TopologyService,
} from "@/lib/services/inventory/topology";

/** Call edges from the configured Prometheus sources (one query per source per family). */
export async function callsFromPrometheus(): Promise<CallsInput> {
  // The service page's window (MERIDIAN_METRICS_WINDOW, at least its chart step): the map and
  // the page read the same series over the same window (issue 36, defect 3).
  const window = signalsWindow(env().MERIDIAN_METRICS_WINDOW);
  let sources: RuntimeSource[];
  try {
    sources = await loadRuntimeSources("prometheus");
  } catch {
    // An unreadable source (e.g. credentials sealed with another key) must not blank the map.
    return {
      configured: true,
      sources: [],
      calls: [],
      errors: [{ source: "metrics", message: "metrics sources could not be read" }],
    };
  }
  if (sources.length === 0) return { configured: false, sources: [], calls: [], errors: [] };
  const result = await fetchCallEdges(await metricsClient(), sources, { window });
  return {
    configured: true,
    window,
    sources: sources.map((s) => s.name),
    calls: result.calls,
    errors: result.errors,
  };
}

const globalForTopology = globalThis as unknown as { meridianTopology?: TopologyService };

/** The process-wide topology service: inventory from Postgres, calls from Prometheus. */
export function topologyService(): TopologyService {
  globalForTopology.meridianTopology ??= createTopologyService({
    inventory: loadTopologyInventory,
    calls: callsFromPrometheus,
  });
  return globalForTopology.meridianTopology;
}

/** One observed call across clusters, managed (an import explains it) or not. */
export type CrossClusterCall = UnmanagedCall & {
  /** The clusters' display names (the names are the ids). */
  sourceLabel: string;
  destinationLabel: string;
  errorRate: number;
  unmanaged: boolean;
};

/** Every call observed across clusters, with the window it was read over (none without metrics). */
export async function observedCrossClusterCalls(): Promise<{
  calls: CrossClusterCall[];
  window: string | null;
}> {
  const graph = await topologyService().get(topologyQuerySchema.parse({}));
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const calls: CrossClusterCall[] = [];
  for (const e of graph.edges) {
    if (e.kind !== "call" || !e.crossCluster) continue;
    const from = byId.get(e.source);
    const to = byId.get(e.target);
    if (to?.kind !== "service" || !from?.cluster || !to.cluster || !to.namespace) continue;
    calls.push({
      sourceCluster: from.cluster,
      destinationCluster: to.cluster,
      sourceLabel: byId.get(clusterId(from.cluster))?.label ?? from.cluster,
      destinationLabel: byId.get(clusterId(to.cluster))?.label ?? to.cluster,
      namespace: to.namespace,
      name: to.name,
      requestRate: e.requestRate,
      errorRate: e.errorRate,
      unmanaged: e.unmanaged ?? false,
    });
  }
  return { calls, window: graph.metrics.window ?? null };
}

/** Observed cross-cluster calls that no import explains, and the window they were read over. */
export async function observedUnmanagedCalls(): Promise<{
  calls: UnmanagedCall[];
  window: string;
}> {
  const { calls, window } = await observedCrossClusterCalls();
  return {
    calls: calls.filter((c) => c.unmanaged),
    window: window ?? env().MERIDIAN_METRICS_WINDOW,
  };
}
