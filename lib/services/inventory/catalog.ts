import "server-only";
import type { ClusterSummary, GlobalServiceDto } from "@/lib/model/inventory";
import { listClusters } from "@/lib/store/clusters";
import { listGlobalServices } from "@/lib/store/global-services";

// The whole inventory in one read, for the topology graph (pages and routes read single
// clusters and services straight from lib/store: docs/architecture.md, "Reads").

/** What the topology graph is built from: the whole inventory. */
export type TopologyInventory = { clusters: ClusterSummary[]; globalServices: GlobalServiceDto[] };

/** Every cluster and every global service (no page limit: the map shows them all). */
export async function loadTopologyInventory(): Promise<TopologyInventory> {
  const [clusters, globalServices] = await Promise.all([
    listClusters(),
    listGlobalServices({}, { limit: null }),
  ]);
  return { clusters, globalServices };
}
