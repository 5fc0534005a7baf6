import "server-only";
import type { OverviewDto } from "@/lib/model/inventory";
import { db } from "@/lib/store/client";
import { listClusters } from "@/lib/services/clusters";

/** Fleet counts and clusters grouped by region, for the Overview page. */
export async function getOverview(): Promise<OverviewDto> {
  const [clusters, meshes, services, globalServices] = await Promise.all([
    listClusters(),
    db().mesh.count({ where: { type: { not: "none" } } }),
    db().service.count(),
    db().globalService.count(),
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
