import "server-only";
import { clusterSnapshotSchema, type ClusterSnapshot } from "@/lib/agent-protocol/snapshot";
import { notFound } from "@/lib/api/errors";
import { globalHostname } from "@/lib/domain/global-name";
import { diffServices, serviceColumns } from "@/lib/domain/inventory-diff";
import { db, type Prisma } from "@/lib/db/client";
import { recordAudit, type Actor } from "@/lib/db/audit";
import { env } from "@/lib/env";

type Tx = Prisma.TransactionClient;

/** Find or create the global services for these namespace/name pairs; returns their ids. */
async function ensureGlobalServices(
  tx: Tx,
  keys: { namespace: string; name: string }[],
): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const style = env().MERIDIAN_GLOBAL_HOST_STYLE;
  await tx.globalService.createMany({
    data: keys.map((k) => ({
      namespace: k.namespace,
      name: k.name,
      hostname: globalHostname(k.namespace, k.name, style),
    })),
    skipDuplicates: true,
  });
  const rows = await tx.globalService.findMany({
    where: { OR: keys.map((k) => ({ namespace: k.namespace, name: k.name })) },
    select: { id: true, namespace: true, name: true },
  });
  return new Map(rows.map((r) => [`${r.namespace}/${r.name}`, r.id]));
}

/** Remove global services that no cluster runs any more and that carry no intent. */
async function pruneOrphanGlobalServices(tx: Tx): Promise<void> {
  await tx.globalService.deleteMany({
    where: {
      services: { none: {} },
      exports: { none: { enabled: true } },
      imports: { none: { enabled: true } },
      OR: [{ failover: null }, { failover: { enabled: false } }],
    },
  });
}

/**
 * Apply a full inventory snapshot of one cluster, as its agent (or the demo seed) reports it:
 * meshes and services are replaced by what the snapshot says, global services are derived
 * from namespace/name, and the cluster is marked as seen. One transaction: all or nothing.
 */
export async function applyClusterSnapshot(
  clusterName: string,
  input: unknown,
  actor: Actor,
): Promise<{ created: number; updated: number; removed: number }> {
  const snapshot: ClusterSnapshot = clusterSnapshotSchema.parse(input);
  return db().$transaction(async (tx) => {
    const cluster = await tx.cluster.findUnique({
      where: { name: clusterName },
      select: { name: true },
    });
    if (!cluster) throw notFound("Cluster");
    const now = new Date();

    await tx.mesh.deleteMany({
      where: { clusterName, type: { notIn: snapshot.meshes.map((m) => m.type) } },
    });
    for (const m of snapshot.meshes) {
      await tx.mesh.upsert({
        where: { clusterName_type: { clusterName, type: m.type } },
        create: { clusterName, ...m },
        update: {
          version: m.version,
          trustDomain: m.trustDomain,
          rootCaFingerprint: m.rootCaFingerprint,
        },
      });
    }

    const stored = await tx.service.findMany({
      where: { clusterName },
      select: {
        id: true,
        namespace: true,
        name: true,
        type: true,
        ports: true,
        labels: true,
        endpointsByZone: true,
      },
    });
    const diff = diffServices(stored, snapshot.services);
    const globalIds = await ensureGlobalServices(tx, diff.create);
    if (diff.create.length) {
      await tx.service.createMany({
        data: diff.create.map((s) => ({
          clusterName,
          namespace: s.namespace,
          name: s.name,
          globalServiceId: globalIds.get(`${s.namespace}/${s.name}`)!,
          ...serviceColumns(s),
        })),
      });
    }
    for (const u of diff.update) {
      await tx.service.update({ where: { id: u.id }, data: serviceColumns(u.service) });
    }
    if (diff.remove.length) {
      await tx.service.deleteMany({ where: { id: { in: diff.remove } } });
      await pruneOrphanGlobalServices(tx);
    }
    await tx.cluster.update({ where: { name: clusterName }, data: { lastSeenAt: now } });
    const summary = {
      created: diff.create.length,
      updated: diff.update.length,
      removed: diff.remove.length,
    };
    if (summary.created || summary.removed) {
      await recordAudit(tx, actor, "inventory.snapshot", "cluster", clusterName, summary);
    }
    return summary;
  });
}

/** Mark a cluster as seen now (a report with no inventory changes). */
export async function touchCluster(clusterName: string): Promise<void> {
  await db().cluster.update({ where: { name: clusterName }, data: { lastSeenAt: new Date() } });
}
