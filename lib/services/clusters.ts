import "server-only";
import type {
  ClusterCreateInput,
  ClusterDetail,
  ClusterSummary,
  ClusterUpdateInput,
} from "@/lib/model/inventory";
import { ApiError, conflict, notFound } from "@/lib/api/errors";
import { notifyCredentialsRevoked } from "@/lib/store/agent-credential-cache";
import { db } from "@/lib/store/client";
import { recordAudit, type Actor } from "@/lib/store/audit";
import { announceRevokedLocally, DESIRED_CHANNEL } from "@/lib/store/desired-notify";
import { announceDesiredChange } from "@/lib/store/desired-state";
import {
  CLUSTER_INCLUDE,
  staleness,
  toClusterSummary,
  toServiceDto,
  type ServiceCounts,
} from "@/lib/store/cluster-view";

/** Service and endpoint totals per cluster, in one grouped query. */
export async function serviceCountsByCluster(
  names?: string[],
): Promise<Map<string, ServiceCounts>> {
  const groups = await db().service.groupBy({
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
export async function listClusters(): Promise<ClusterSummary[]> {
  const [rows, counts] = await Promise.all([
    db().cluster.findMany({
      include: CLUSTER_INCLUDE,
      orderBy: [{ region: "asc" }, { name: "asc" }],
    }),
    serviceCountsByCluster(),
  ]);
  const clock = staleness();
  return rows.map((c) => toClusterSummary(c, counts.get(c.name), clock));
}

/** One cluster with its services, or null when unknown. */
export async function getCluster(name: string): Promise<ClusterDetail | null> {
  const row = await db().cluster.findUnique({
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

async function summaryOf(name: string): Promise<ClusterSummary> {
  const summary = await getClusterSummary(name);
  if (!summary) throw notFound("Cluster");
  return summary;
}

/** One cluster's summary (state, agent status, totals) without its services, or null. */
export async function getClusterSummary(name: string): Promise<ClusterSummary | null> {
  const row = await db().cluster.findUnique({ where: { name }, include: CLUSTER_INCLUDE });
  return row ? toClusterSummary(row, (await serviceCountsByCluster([name])).get(name)) : null;
}

/** Register a cluster (pending until its agent reports and an admin accepts it). */
export async function createCluster(
  input: ClusterCreateInput,
  actor: Actor,
  opts: { simulated?: boolean } = {},
): Promise<ClusterSummary> {
  await db().$transaction(async (tx) => {
    if (await tx.cluster.findUnique({ where: { name: input.name } })) {
      throw conflict(`A cluster named "${input.name}" already exists`);
    }
    await tx.cluster.create({
      data: {
        name: input.name,
        displayName: input.displayName || input.name,
        provider: input.provider ?? "",
        region: input.region,
        zone: input.zone ?? "",
        network: input.network ?? "",
        kind: input.kind === "vm-site" ? "vm_site" : "kubernetes",
        labels: input.labels ?? {},
        simulated: opts.simulated ?? false,
      },
    });
    await tx.desiredState.create({ data: { clusterName: input.name } });
    await recordAudit(tx, actor, "cluster.create", "cluster", input.name, { region: input.region });
  });
  return summaryOf(input.name);
}

/** Edit a cluster with optimistic concurrency: a stale `version` gets 409, never a lost update. */
export async function updateCluster(
  name: string,
  input: ClusterUpdateInput,
  actor: Actor,
): Promise<ClusterSummary> {
  const { version, state, ...fields } = input;
  let accepted = false;
  await db().$transaction(async (tx) => {
    const current = await tx.cluster.findUnique({ where: { name } });
    if (!current) throw notFound("Cluster");
    const updated = await tx.cluster.updateMany({
      where: { name, version },
      data: { ...fields, ...(state ? { state } : {}), version: { increment: 1 } },
    });
    if (updated.count === 0) {
      throw new ApiError(
        409,
        "version_conflict",
        `Cluster "${name}" was changed by someone else (version ${current.version}, you sent ${version}); reload and try again`,
      );
    }
    // Accepting a cluster releases its desired state: wake its waiting agent.
    if (state === "live" && current.state !== "live") {
      await tx.$executeRaw`SELECT pg_notify(${DESIRED_CHANNEL}, ${name})`;
      accepted = true;
    }
    await recordAudit(
      tx,
      actor,
      state === "live" && current.state === "pending" ? "cluster.accept" : "cluster.update",
      "cluster",
      name,
      {
        fields: Object.keys(input).filter((k) => k !== "version"),
      },
    );
  });
  if (accepted) announceDesiredChange(name);
  return summaryOf(name);
}

/** Remove a cluster and everything Meridian knows about it. */
export async function deleteCluster(name: string, actor: Actor): Promise<void> {
  await db().$transaction(async (tx) => {
    const deleted = await tx.cluster.deleteMany({ where: { name } });
    if (deleted.count === 0) throw notFound("Cluster");
    await notifyCredentialsRevoked(tx, name); // its credentials went with it
    await recordAudit(tx, actor, "cluster.delete", "cluster", name);
  });
  announceRevokedLocally(name);
}
