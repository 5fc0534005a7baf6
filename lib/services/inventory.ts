import "server-only";
import {
  clusterSnapshotSchema,
  type ClusterSnapshot,
  type ReportedMesh,
  type ReportedService,
} from "@/lib/agent-protocol/snapshot";
import { ApiError, notFound } from "@/lib/api/errors";
import { globalHostname } from "@/lib/domain/global-name";
import { diffServices, serviceColumns } from "@/lib/domain/inventory-diff";
import { Semaphore } from "@/lib/infra/semaphore";
import { env } from "@/lib/infra/env";
import { db, type Prisma } from "@/lib/store/client";
import { recordAudit } from "@/lib/store/audit";
import { type Actor } from "@/lib/model/actor";
import { readGlobalHostStyle } from "@/lib/services/global-hostname";

type Tx = Prisma.TransactionClient;

/** Find or create the global services for these namespace/name pairs; returns their ids. */
async function ensureGlobalServices(
  tx: Tx,
  keys: { namespace: string; name: string }[],
): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  // Snapshots created these already (insertGlobalServicesFirst); inserting again costs no wait
  // and brings back one pruned in between.
  await insertGlobalServices(tx, keys);
  const rows = await tx.globalService.findMany({
    where: { OR: keys.map((k) => ({ namespace: k.namespace, name: k.name })) },
    select: { id: true, namespace: true, name: true },
  });
  return new Map(rows.map((r) => [`${r.namespace}/${r.name}`, r.id]));
}

/** Create the global services of `keys` that do not exist yet. */
async function insertGlobalServices(
  tx: Tx,
  keys: { namespace: string; name: string }[],
): Promise<void> {
  const style = await readGlobalHostStyle(tx);
  await tx.globalService.createMany({
    data: keys.map((k) => ({
      namespace: k.namespace,
      name: k.name,
      hostname: globalHostname(k.namespace, k.name, style),
    })),
    skipDuplicates: true,
  });
}

/**
 * Create a report's global services up front, each statement committed on its own: inside the
 * report's transaction, the insert of a global service another cluster's report is inserting
 * waits for that whole transaction, so a fleet whose clusters run the same services stored its
 * snapshots one after another (100 × 1,000 services: two minutes). An insert left without its
 * services by a failed report is pruned with the next removal, like any orphan.
 */
async function insertGlobalServicesFirst(keys: { namespace: string; name: string }[]) {
  const CHUNK = 1000;
  for (let i = 0; i < keys.length; i += CHUNK)
    await insertGlobalServices(db(), keys.slice(i, i + CHUNK));
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

/** Replace a cluster's detected meshes with the reported ones. */
async function replaceMeshes(tx: Tx, clusterName: string, meshes: ReportedMesh[]): Promise<void> {
  await tx.mesh.deleteMany({ where: { clusterName, type: { notIn: meshes.map((m) => m.type) } } });
  for (const m of meshes) {
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
}

/** Write a service diff: bulk-create new services, update changed ones, delete removed ones. */
async function writeServiceDiff(
  tx: Tx,
  clusterName: string,
  diff: ReturnType<typeof diffServices>,
): Promise<{ created: number; updated: number; removed: number }> {
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
  return { created: diff.create.length, updated: diff.update.length, removed: diff.remove.length };
}

const STORED_SELECT = {
  id: true,
  namespace: true,
  name: true,
  type: true,
  ports: true,
  labels: true,
  endpointsByZone: true,
} as const;

type Summary = { created: number; updated: number; removed: number };

/**
 * Inventory transactions at once per process: at most half the pool, so that a storm of
 * snapshots (a fleet registering, or sending new inventory after an upgrade) queues here in
 * order instead of failing on the pool's wait limit, and leaves connections for the
 * long-polls, acknowledgements and pages.
 */
let inventoryLimit: Semaphore | undefined;
const inventorySlots = () =>
  (inventoryLimit ??= new Semaphore(Math.max(1, Math.floor(env().MERIDIAN_DB_POOL_MAX / 2))));

/**
 * Run an inventory change for an existing cluster, mark it seen and audit what changed. A
 * change whose `signal` aborts while it waits for a slot (the agent gave up and will send its
 * report again) leaves the queue without running.
 */
async function inventoryChange(
  clusterName: string,
  actor: Actor,
  action: string,
  change: (tx: Tx) => Promise<Summary>,
  signal?: AbortSignal,
): Promise<Summary> {
  if (signal?.aborted) throw clientGone();
  return inventorySlots()
    .run(
      () =>
        db().$transaction(async (tx) => {
          const cluster = await tx.cluster.findUnique({
            where: { name: clusterName },
            select: { name: true },
          });
          if (!cluster) throw notFound("Cluster");
          const summary = await change(tx);
          await tx.cluster.update({
            where: { name: clusterName },
            data: { lastSeenAt: new Date() },
          });
          if (summary.created || summary.removed) {
            await recordAudit(tx, actor, action, "cluster", clusterName, summary);
          }
          return summary;
        }),
      signal,
    )
    .catch((error: unknown) => {
      throw signal?.aborted ? clientGone() : error;
    });
}

const clientGone = () =>
  new ApiError(503, "client_gone", "The report was dropped: its sender went away while it waited");

const meshKey = (m: ReportedMesh) =>
  `${m.type}|${m.version}|${m.trustDomain}|${m.rootCaFingerprint}`;

/**
 * Whether a snapshot says exactly what is stored — the common case when agents reconnect after
 * an app restart. Then the cluster is only marked seen, in one statement and without an
 * interactive transaction, so hundreds of reconnecting agents do not queue for the pool.
 * An agent sends its reports one at a time, so nothing else writes this cluster's inventory
 * between the read and the update; if something did, the next delta or snapshot corrects it.
 */
async function snapshotUnchanged(clusterName: string, snapshot: ClusterSnapshot): Promise<boolean> {
  const [stored, meshes] = await Promise.all([
    db().service.findMany({ where: { clusterName }, select: STORED_SELECT }),
    db().mesh.findMany({ where: { clusterName } }),
  ]);
  const diff = diffServices(stored, snapshot.services);
  if (diff.create.length || diff.update.length || diff.remove.length) return false;
  const storedMeshes = meshes.map((m) => meshKey(m as ReportedMesh)).sort();
  const reportedMeshes = snapshot.meshes.map(meshKey).sort();
  if (storedMeshes.join(",") !== reportedMeshes.join(",")) return false;
  const { count } = await db().cluster.updateMany({
    where: { name: clusterName },
    data: { lastSeenAt: new Date() },
  });
  if (count === 0) throw notFound("Cluster");
  return true;
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
  signal?: AbortSignal,
): Promise<Summary> {
  const snapshot: ClusterSnapshot = clusterSnapshotSchema.parse(input);
  if (await snapshotUnchanged(clusterName, snapshot)) return { created: 0, updated: 0, removed: 0 };
  await insertGlobalServicesFirst(snapshot.services);
  return inventoryChange(
    clusterName,
    actor,
    "inventory.snapshot",
    async (tx) => {
      await replaceMeshes(tx, clusterName, snapshot.meshes);
      const stored = await tx.service.findMany({ where: { clusterName }, select: STORED_SELECT });
      return writeServiceDiff(tx, clusterName, diffServices(stored, snapshot.services));
    },
    signal,
  );
}

/**
 * Apply a batched delta from an agent: services upserted or deleted by namespace/name, and
 * optionally the cluster's meshes. Services the delta does not name stay as they are.
 */
export async function applyClusterDelta(
  clusterName: string,
  delta: {
    upserts: ReportedService[];
    deletes: { namespace: string; name: string }[];
    meshes?: ReportedMesh[];
  },
  actor: Actor,
  signal?: AbortSignal,
): Promise<Summary> {
  const deleting = new Set(delta.deletes.map((d) => `${d.namespace}/${d.name}`));
  const upserts = delta.upserts.filter((u) => !deleting.has(`${u.namespace}/${u.name}`));
  const named = [...delta.upserts, ...delta.deletes].map((k) => ({
    namespace: k.namespace,
    name: k.name,
  }));
  return inventoryChange(
    clusterName,
    actor,
    "inventory.delta",
    async (tx) => {
      if (delta.meshes) await replaceMeshes(tx, clusterName, delta.meshes);
      const stored = named.length
        ? await tx.service.findMany({ where: { clusterName, OR: named }, select: STORED_SELECT })
        : [];
      // Diff over just the named services: what is upserted stays, what is deleted goes.
      return writeServiceDiff(tx, clusterName, diffServices(stored, upserts));
    },
    signal,
  );
}
