import "server-only";
import type { ClusterSummary, GlobalServiceDto } from "@/lib/model/inventory";
import { listClusters } from "@/lib/store/clusters";
import { listGlobalServices } from "@/lib/store/global-services";

// Reads of the inventory as the pages and the API show it: clusters, services, global services.

export { getGlobalService, listGlobalServices } from "@/lib/store/global-services";
export { getOverview, getOverviewPage } from "@/lib/store/overview";
export { countGlobalServices } from "@/lib/store/health";
export { listServices } from "@/lib/store/services";

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
