import "server-only";

import { loadRuntimeSources, type RuntimeSource } from "@/lib/services/metrics-sources";
import { metricsClient } from "@/lib/services/metrics-runtime";
import { loadTopologyInventory } from "@/lib/services/catalog";
import { fetchCallEdges } from "@/lib/metrics/call-edges";
import { signalsWindow } from "@/lib/metrics/golden-series";
import { env } from "@/lib/infra/env";
import { topologyQuerySchema } from "@/lib/graph/query";
import type { UnmanagedCall } from "@/lib/domain/unmanaged-traffic";
import {
  createTopologyService,
  type CallsInput,
  type TopologyService,
} from "@/lib/services/topology";

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

/** Observed cross-cluster calls that no import explains, and the window they were read over. */
export async function observedUnmanagedCalls(): Promise<{
  calls: UnmanagedCall[];
  window: string;
}> {
  const graph = await topologyService().get(topologyQuerySchema.parse({}));
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const calls: UnmanagedCall[] = [];
  for (const e of graph.edges) {
    if (e.kind !== "call" || !e.unmanaged) continue;
    const from = byId.get(e.source);
    const to = byId.get(e.target);
    if (to?.kind !== "service" || !from?.cluster || !to.cluster || !to.namespace) continue;
    calls.push({
      sourceCluster: from.cluster,
      destinationCluster: to.cluster,
      namespace: to.namespace,
      name: to.name,
      requestRate: e.requestRate,
    });
  }
  return { calls, window: graph.metrics.window ?? env().MERIDIAN_METRICS_WINDOW };
}
