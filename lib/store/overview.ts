import "server-only";
import type { ClusterSummary, OverviewDto, OverviewPageDto } from "@/lib/model/inventory";
import { pool, type Tx } from "@/lib/store/transaction";
import { listClusters, serviceCountsByCluster } from "@/lib/store/clusters";
import { CLUSTER_INCLUDE, staleness, toClusterSummary } from "@/lib/store/cluster-view";

/** Fleet counts and clusters grouped by region, for the Overview API. */
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

/** Clusters shown per region on the Overview page; the clusters list has the rest. */
export const OVERVIEW_CLUSTERS_PER_REGION = 6;
/** Stale clusters named in the Overview page's callout. */
export const OVERVIEW_STALE_NAMED = 12;

type RegionRow = {
  region: string;
  clusters: number;
  sites: number;
  stale: number;
  pending: number;
};

/**
 * The Overview page's data: counts and per-region totals aggregated in SQL, and the summaries
 * of at most `perRegion` clusters per region (stale ones first, then those not live, then by
 * name) and of the first `staleNamed` stale clusters (longest silent first). Its cost does not
 * grow with the fleet beyond the aggregates: 2,000 clusters are not read to show 48.
 */
export async function getOverviewPage(
  perRegion = OVERVIEW_CLUSTERS_PER_REGION,
  staleNamed = OVERVIEW_STALE_NAMED,
  tx: Tx = pool(),
): Promise<OverviewPageDto> {
  const clock = staleness();
  const cutoff = new Date(clock.now.getTime() - clock.after * 1000);
  const [regions, shown, stale, meshes, services, globalServices] = await Promise.all([
    tx.$queryRaw<RegionRow[]>`
      SELECT region,
             count(*)::int AS clusters,
             (count(*) FILTER (WHERE kind = 'vm-site'))::int AS sites,
             (count(*) FILTER (WHERE "lastSeenAt" < ${cutoff}))::int AS stale,
             (count(*) FILTER (WHERE state = 'pending'))::int AS pending
        FROM "Cluster" GROUP BY region ORDER BY region`,
    tx.$queryRaw<{ name: string }[]>`
      SELECT name FROM (
        SELECT name, row_number() OVER (
                 PARTITION BY region
                 ORDER BY ("lastSeenAt" < ${cutoff}) IS TRUE DESC, state <> 'live' DESC, name
               ) AS rank
          FROM "Cluster") ranked
       WHERE rank <= ${perRegion}`,
    tx.$queryRaw<{ name: string }[]>`
      SELECT name FROM "Cluster" WHERE "lastSeenAt" < ${cutoff}
       ORDER BY "lastSeenAt", name LIMIT ${staleNamed}`,
    tx.mesh.count({ where: { type: { not: "none" } } }),
    tx.service.count(),
    tx.globalService.count(),
  ]);
  const names = [...new Set([...shown, ...stale].map((r) => r.name))];
  const [rows, counts] = await Promise.all([
    tx.cluster.findMany({ where: { name: { in: names } }, include: CLUSTER_INCLUDE }),
    serviceCountsByCluster(names, tx),
  ]);
  const summaries = new Map(
    rows.map((r) => [r.name, toClusterSummary(r, counts.get(r.name), clock)]),
  );
  const summary = (name: string): ClusterSummary[] => {
    const s = summaries.get(name);
    return s ? [s] : [];
  };
  const byRegion = new Map<string, ClusterSummary[]>();
  for (const { name } of shown)
    for (const s of summary(name)) byRegion.set(s.region, [...(byRegion.get(s.region) ?? []), s]);
  const attention = (c: ClusterSummary) => (c.stale ? 0 : c.state !== "live" ? 1 : 2);
  const sum = (key: keyof Omit<RegionRow, "region">) => regions.reduce((n, r) => n + r[key], 0);
  return {
    counts: {
      clusters: sum("clusters"),
      meshes,
      services,
      globalServices,
      staleClusters: sum("stale"),
      pendingClusters: sum("pending"),
    },
    sites: sum("sites"),
    regions: regions.map((r) => ({
      region: r.region,
      clusterCount: r.clusters,
      siteCount: r.sites,
      staleCount: r.stale,
      clusters: (byRegion.get(r.region) ?? []).sort(
        (a, b) => attention(a) - attention(b) || a.name.localeCompare(b.name),
      ),
    })),
    stale: { total: sum("stale"), clusters: stale.flatMap(({ name }) => summary(name)) },
  };
}
