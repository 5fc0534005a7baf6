import "server-only";
import type { GlobalServiceDto, GlobalServiceQuery } from "@/lib/model/inventory";
import type { Prisma } from "@/lib/store/generated/client";
import { endpointHealth } from "@/lib/domain/endpoints";
import { isStale } from "@/lib/domain/cluster-status";
import { db } from "@/lib/store/client";
import { staleness } from "@/lib/store/cluster-view";
import { readColumn, resultsColumn } from "@/lib/store/json-columns";

const MAX_RESULTS = 500;

const INCLUDE = {
  services: {
    include: { cluster: { include: { meshes: { select: { type: true } } } } },
    orderBy: { clusterName: "asc" },
  },
  exports: { where: { enabled: true }, select: { clusterName: true } },
  imports: { where: { enabled: true }, select: { clusterName: true } },
} satisfies Prisma.GlobalServiceInclude;

type Row = Prisma.GlobalServiceGetPayload<{ include: typeof INCLUDE }>;

function whereOf(q: GlobalServiceQuery): Prisma.GlobalServiceWhereInput {
  const and: Prisma.GlobalServiceWhereInput[] = [];
  const text = q.q?.trim();
  if (text) {
    and.push({
      OR: [
        { name: { contains: text, mode: "insensitive" } },
        { namespace: { contains: text, mode: "insensitive" } },
        { hostname: { contains: text, mode: "insensitive" } },
      ],
    });
  }
  if (q.namespace) and.push({ namespace: q.namespace });
  if (q.cluster) and.push({ services: { some: { clusterName: q.cluster } } });
  if (q.mesh) and.push({ services: { some: { cluster: { meshes: { some: { type: q.mesh } } } } } });
  return { AND: and };
}

function toDto(g: Row, clock: ReturnType<typeof staleness>): GlobalServiceDto {
  const exported = new Set(g.exports.map((e) => e.clusterName));
  const imported = new Set(g.imports.map((i) => i.clusterName));
  const clusters = g.services.map((s) => ({
    cluster: s.clusterName,
    displayName: s.cluster.displayName,
    region: s.cluster.region,
    meshes: s.cluster.meshes.map((m) => m.type),
    type: s.type as GlobalServiceDto["clusters"][number]["type"],
    endpoints: { ready: s.endpointsReady, total: s.endpointsTotal },
    stale: isStale(s.cluster.lastSeenAt, clock.now, clock.after),
    exported: exported.has(s.clusterName),
    imported: imported.has(s.clusterName),
    ...(s.cluster.kind === "vm_site" ? { site: true } : {}),
  }));
  // Only fresh clusters count toward health: a silent cluster's counts are last known, not live.
  const fresh = clusters.filter((c) => !c.stale);
  const ready = fresh.reduce((n, c) => n + c.endpoints.ready, 0);
  const total = fresh.reduce((n, c) => n + c.endpoints.total, 0);
  return {
    id: g.id,
    namespace: g.namespace,
    name: g.name,
    hostname: g.hostname,
    clusters,
    importers: [...imported].sort(),
    endpoints: {
      ready: clusters.reduce((n, c) => n + c.endpoints.ready, 0),
      total: clusters.reduce((n, c) => n + c.endpoints.total, 0),
    },
    health: fresh.length === 0 ? "unknown" : endpointHealth(ready, total),
  };
}

/**
 * Global services matching the query, with the clusters each runs in; at most `limit`
 * (default 500; `null` for all of them, as the topology map needs).
 */
export async function listGlobalServices(
  q: GlobalServiceQuery,
  opts: { limit?: number | null } = {},
): Promise<GlobalServiceDto[]> {
  const limit = opts.limit === undefined ? MAX_RESULTS : opts.limit;
  const rows = await db().globalService.findMany({
    where: whereOf(q),
    include: INCLUDE,
    orderBy: [{ namespace: "asc" }, { name: "asc" }],
    ...(limit === null ? {} : { take: limit }),
  });
  const clock = staleness();
  const items = rows.map((r) => toDto(r, clock));
  return q.multiCluster === "true" ? items.filter((g) => g.clusters.length > 1) : items;
}

/** One global service by namespace and name, or null. */
export async function getGlobalService(
  namespace: string,
  name: string,
): Promise<GlobalServiceDto | null> {
  const row = await db().globalService.findUnique({
    where: { namespace_name: { namespace, name } },
    include: INCLUDE,
  });
  if (!row) return null;
  const dto = toDto(row, staleness());
  // The ServiceExport conditions the exporting clusters' agents read back (MCS API, issue 20).
  const observed = await db().observedState.findMany({
    where: { clusterName: { in: dto.clusters.filter((c) => c.exported).map((c) => c.cluster) } },
    select: { clusterName: true, results: true },
  });
  const conditions = new Map(
    observed.flatMap((o) => {
      const r = readColumn(resultsColumn, o.results, "ObservedState.results", []).find(
        (x) => x.kind === "ServiceExport" && x.namespace === namespace && x.name === name,
      );
      return r?.conditions?.length ? [[o.clusterName, r.conditions] as const] : [];
    }),
  );
  return {
    ...dto,
    clusters: dto.clusters.map((c) => {
      const exportConditions = conditions.get(c.cluster);
      return exportConditions ? { ...c, exportConditions } : c;
    }),
  };
}
