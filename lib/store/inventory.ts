import "server-only";
import { canonicalJson } from "@/lib/agent-protocol/canonical-json";
import type { ClusterSnapshot, ReportedMesh } from "@/lib/agent-protocol/snapshot";
import { globalHostname } from "@/lib/domain/global-name";
import { diffServices, serviceColumns } from "@/lib/domain/inventory-diff";
import { meshDetails, meshDetailsColumn, readColumn } from "@/lib/store/json-columns";
import { readGlobalHostStyle } from "@/lib/store/settings";
import { pool, type Tx } from "@/lib/store/transaction";

// Inventory rows: a cluster's meshes and services, and the global services derived from them.
// lib/services/inventory.ts decides when and under which limits these run.

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
export async function insertGlobalServicesFirst(keys: { namespace: string; name: string }[]) {
  const CHUNK = 1000;
  for (let i = 0; i < keys.length; i += CHUNK)
    await insertGlobalServices(pool(), keys.slice(i, i + CHUNK));
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
export async function replaceMeshes(
  tx: Tx,
  clusterName: string,
  meshes: ReportedMesh[],
): Promise<void> {
  await tx.mesh.deleteMany({ where: { clusterName, type: { notIn: meshes.map((m) => m.type) } } });
  for (const m of meshes) {
    const base = {
      version: m.version,
      trustDomain: m.trustDomain,
      rootCaFingerprint: m.rootCaFingerprint,
      details: meshDetails(m),
    };
    await tx.mesh.upsert({
      where: { clusterName_type: { clusterName, type: m.type } },
      create: { clusterName, type: m.type, ...base },
      update: base,
    });
  }
}

/** Write a service diff: bulk-create new services, update changed ones, delete removed ones. */
export async function writeServiceDiff(
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

/** A cluster's stored services (only the named ones, when `named` is given). */
export async function storedServices(
  tx: Tx,
  clusterName: string,
  named?: { namespace: string; name: string }[],
) {
  if (named && named.length === 0) return [];
  return tx.service.findMany({
    where: named ? { clusterName, OR: named } : { clusterName },
    select: STORED_SELECT,
  });
}

const meshKey = (m: ReportedMesh) =>
  `${m.type}|${m.version}|${m.trustDomain}|${m.rootCaFingerprint}|${canonicalJson(meshDetails(m))}`;

/** Whether a snapshot says exactly what is stored for the cluster's services and meshes. */
export async function matchesStored(clusterName: string, snapshot: ClusterSnapshot) {
  const [stored, meshes] = await Promise.all([
    storedServices(pool(), clusterName),
    pool().mesh.findMany({ where: { clusterName } }),
  ]);
  const diff = diffServices(stored, snapshot.services);
  if (diff.create.length || diff.update.length || diff.remove.length) return false;
  const storedMeshes = meshes
    .map((m) =>
      meshKey({
        type: m.type,
        version: m.version,
        trustDomain: m.trustDomain,
        rootCaFingerprint: m.rootCaFingerprint,
        ...readColumn(meshDetailsColumn, m.details, "Mesh.details", {}),
      }),
    )
    .sort();
  const reportedMeshes = snapshot.meshes.map(meshKey).sort();
  return storedMeshes.join(",") === reportedMeshes.join(",");
}
