import "server-only";

import { loadEdgeSources, loadTopologyInventory } from "@/lib/db/topology-inventory";
import { fetchCallEdges } from "@/lib/metrics/call-edges";
import { createPrometheusClient, type PrometheusClient } from "@/lib/metrics/prometheus-client";
import { createSsrfGuard } from "@/lib/metrics/ssrf-guard";
import {
  createTopologyService,
  type CallsInput,
  type TopologyService,
} from "@/lib/topology/topology-service";

/** rate() window of the edge query: 4× a 15 s scrape interval. */
const EDGE_WINDOW = "1m";

const clients = new Map<string, PrometheusClient>();

/** One client per allow-list, so its cache and per-source limits are shared by requests. */
function clientFor(allowedNetworks: string[]): PrometheusClient {
  const key = allowedNetworks.join(",");
  let client = clients.get(key);
  if (!client) {
    const guard = createSsrfGuard({ allow: allowedNetworks });
    client = createPrometheusClient({ timeoutMs: 4_000, cacheTtlMs: 5_000, checkUrl: guard.check });
    clients.clear();
    clients.set(key, client);
  }
  return client;
}

/** Call edges from the configured Prometheus sources (one query per source per family). */
export async function callsFromPrometheus(): Promise<CallsInput> {
  const { sources, unusable, allowedNetworks } = await loadEdgeSources();
  const names = [...sources.map((s) => s.name), ...unusable.map((u) => u.source)].sort();
  if (names.length === 0) return { configured: false, sources: [], calls: [], errors: [] };
  const result =
    sources.length > 0
      ? await fetchCallEdges(clientFor(allowedNetworks), sources, { window: EDGE_WINDOW })
      : { calls: [], errors: [] };
  return {
    configured: true,
    sources: names,
    calls: result.calls,
    errors: [...unusable, ...result.errors],
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
