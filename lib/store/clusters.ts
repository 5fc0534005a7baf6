import "server-only";
import { readColumn, resultsColumn } from "@/lib/store/json-columns";
import type { ClusterCreateInput, ClusterDetail, ClusterSummary } from "@/lib/model/inventory";
import {
  CLUSTER_INCLUDE,
  staleness,
  toClusterSummary,
  toServiceDto,
  type ServiceCounts,
} from "@/lib/store/cluster-view";
import { DESIRED_CHANNEL } from "@/lib/store/desired-notify";
import { pool, type Tx } from "@/lib/store/transaction";

/** Service and endpoint totals per cluster, in one grouped query. */
export async function serviceCountsByCluster(
  names?: string[],
  tx: Tx = pool(),
): Promise<Map<string, ServiceCounts>> {
  const groups = await tx.service.groupBy({
    by: ["clusterName"],
    where: names ? { clusterName: { in: names } } : undefined,
    _count: { _all: true },
    _sum: { endpointsReady: true, endpointsTotal: true },
  });
  return new Map(
    groups.map((g) => [
      g.clusterName,
      {
        services: g._count._all,
        ready: g._sum.endpointsReady ?? 0,
        total: g._sum.endpointsTotal ?? 0,
      },
    ]),
  );
}

/** Every cluster with its meshes, agent status and service totals, by region then name. */
export async function listClusters(tx: Tx = pool()): Promise<ClusterSummary[]> {
  const [rows, counts] = await Promise.all([
    tx.cluster.findMany({
      include: CLUSTER_INCLUDE,
      orderBy: [{ region: "asc" }, { name: "asc" }],
    }),
    serviceCountsByCluster(undefined, tx),
  ]);
  const clock = staleness();
  return rows.map((c) => toClusterSummary(c, counts.get(c.name), clock));
}

/** One cluster with its services, or null when unknown. */
export async function getCluster(name: string, tx: Tx = pool()): Promise<ClusterDetail | null> {
  const row = await tx.cluster.findUnique({
    where: { name },
    include: {
      ...CLUSTER_INCLUDE,
      services: {
        include: { globalService: true },
        orderBy: [{ namespace: "asc" }, { name: "asc" }],
      },
    },
  });
  if (!row) return null;
  const services = row.services.map(toServiceDto);
  const counts: ServiceCounts = {
    services: services.length,
    ready: services.reduce((n, s) => n + s.endpoints.ready, 0),
    total: services.reduce((n, s) => n + s.endpoints.total, 0),
  };
  return { ...toClusterSummary(row, counts), services };
}

/** One cluster's summary (state, agent status, totals) without its services, or null. */
export async function getClusterSummary(
  name: string,
  tx: Tx = pool(),
): Promise<ClusterSummary | null> {
  const row = await tx.cluster.findUnique({ where: { name }, include: CLUSTER_INCLUDE });
  return row ? toClusterSummary(row, (await serviceCountsByCluster([name], tx)).get(name)) : null;
}

/** The stored row of a cluster (state and version), or null. */
export async function findCluster(tx: Tx, name: string) {
  return tx.cluster.findUnique({
    where: { name },
    select: { name: true, state: true, version: true },
  });
}

/** Insert a cluster and its empty desired state. */
export async function insertCluster(
  tx: Tx,
  input: ClusterCreateInput,
  simulated: boolean,
): Promise<void> {
  await tx.cluster.create({
    data: {
      name: input.name,
      displayName: input.displayName || input.name,
      provider: input.provider ?? "",
      region: input.region,
      zone: input.zone ?? "",
      network: input.network ?? "",
      kind: input.kind === "vm-site" ? "vm_site" : "kubernetes",
      hostCluster: input.hostCluster ?? null,
      labels: input.labels ?? {},
      simulated,
    },
  });
  await tx.desiredState.create({ data: { clusterName: input.name } });
}

/** Write fields if the cluster is still at `version`; false when it moved on (or is gone). */
export async function updateClusterAtVersion(
  tx: Tx,
  name: string,
  version: number,
  fields: Record<string, unknown>,
): Promise<boolean> {
  const updated = await tx.cluster.updateMany({
    where: { name, version },
    data: { ...fields, version: { increment: 1 } },
  });
  return updated.count > 0;
}

/** Tell every replica, on commit, that a cluster's desired state is released to its agent. */
export async function notifyDesiredReleased(tx: Tx, name: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${DESIRED_CHANNEL}, ${name})`;
}

/** Delete a cluster with everything it owns; false when there was none. */
export async function removeCluster(tx: Tx, name: string): Promise<boolean> {
  return (await tx.cluster.deleteMany({ where: { name } })).count > 0;
}

/** Mark a cluster as simulated (the demo's agents say so when they register). */
export async function markSimulated(tx: Tx, name: string): Promise<void> {
  await tx.cluster.update({ where: { name }, data: { simulated: true } });
}

/** Mark a cluster as seen now; false when it does not exist. */
export async function touchCluster(name: string, tx: Tx = pool()): Promise<boolean> {
  const { count } = await tx.cluster.updateMany({
    where: { name },
    data: { lastSeenAt: new Date() },
  });
  return count > 0;
}

/** A cluster's last acknowledged state, or null when the cluster does not exist. */
export async function findObserved(name: string, tx: Tx = pool()) {
  const row = await tx.cluster.findUnique({ where: { name }, select: { observed: true } });
  if (!row) return null;
  const o = row.observed;
  return {
    observed: o
      ? {
          generation: o.generation,
          results: readColumn(resultsColumn, o.results, "ObservedState.results", []),
          reportedAt: o.reportedAt.toISOString(),
        }
      : null,
  };
}
