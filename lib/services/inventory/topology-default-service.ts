import "server-only";

import {
  loadRuntimeSources,
  type RuntimeSource,
} from "@/lib/services/fleet-metrics/runtime-sources";
import { metricsClient } from "@/lib/services/fleet-metrics/metrics-runtime";
import { loadTopologyInventory } from "@/lib/services/inventory/catalog";
import { fetchCallEdges } from "@/lib/fleet-metrics/call-edges";
import {
  createTopologyService,
  type CallsInput,
  type TopologyService,
} from "@/lib/services/inventory/topology";

/** rate() window of the edge query: 4× a 15 s scrape interval. */
const EDGE_WINDOW = "1m";

/** Call edges from the configured Prometheus sources (one query per source per family). */
export async function callsFromPrometheus(): Promise<CallsInput> {
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
  const result = await fetchCallEdges(await metricsClient(), sources, { window: EDGE_WINDOW });
  return {
    configured: true,
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
