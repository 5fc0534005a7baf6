import "server-only";
import type { OverviewDto } from "@/lib/model/inventory";
import { pool, type Tx } from "@/lib/store/transaction";
import { listClusters } from "@/lib/store/clusters";

/** Fleet counts and clusters grouped by region, for the Overview page. */
export async function getOverview(tx: Tx = pool()): Promise<OverviewDto> {
  const [clusters, meshes, services, globalServices] = await Promise.all([
    listClusters(tx),
    tx.mesh.count({ where: { type: { not: "none" } } }),
    tx.service.count(),
    tx.globalService.count(),
  ]);
  const regions = new Map<string, OverviewDto["regions"][number]["clusters"]>();
  for (const c of clusters) regions.set(c.region, [...(regions.get(c.region) ?? []), c]);
  return {
    counts: {
      clusters: clusters.length,
      meshes,
      services,
      globalServices,
      staleClusters: clusters.filter((c) => c.stale).length,
      pendingClusters: clusters.filter((c) => c.state === "pending").length,
    },
    regions: [...regions.entries()].map(([region, list]) => ({ region, clusters: list })),
  };
}
