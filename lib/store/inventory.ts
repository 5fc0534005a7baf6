import "server-only";
import { randomUUID } from "node:crypto";
import { canonicalJson } from "@/lib/agent-protocol/canonical-json";
import type { ClusterSnapshot, ReportedMesh, ServedApis } from "@/lib/agent-protocol/snapshot";
import { globalHostname } from "@/lib/domain/global-name";
import { diffServices, serviceColumns } from "@/lib/domain/inventory-diff";
import {
  meshDetails,
  meshDetailsColumn,
  readColumn,
  servedApisColumn,
} from "@/lib/store/json-columns";
import { Prisma } from "@/lib/store/generated/client";
import { readGlobalHostStyle } from "@/lib/store/settings";
import { pool, type Tx } from "@/lib/store/transaction";

// Inventory rows: a cluster's meshes and services, and the global services derived from them.
// lib/services/agents/inventory.ts decides when and under which limits these run.

/**
 * Statements take their lists in chunks of this many keys, far below Postgres's 65,535 bind
 * parameters (a key costs 2, a created row 3): a snapshot at the 20,000-service cap failed on one
 * lookup of all its keys.
 */
export const KEY_CHUNK = 1000;

/** `items` in slices of {@link KEY_CHUNK}. */
export function chunks<T>(items: readonly T[], size = KEY_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Find or create the global services for these namespace/name pairs; returns their ids. */
async function ensureGlobalServices(
  tx: Tx,
  keys: { namespace: string; name: string }[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const chunk of chunks(keys)) {
    // Snapshots created these already (insertGlobalServicesFirst); inserting again costs no
    // wait and brings back one pruned in between.
    await insertGlobalServices(tx, chunk);
    // Looked up by (namespace, name) pairs through two array parameters: Prisma's OR of pairs
    // made the lookup the slowest part of a snapshot at the cap.
    const rows = await tx.$queryRaw<{ id: string; namespace: string; name: string }[]>`
      SELECT g."id", g."namespace", g."name" FROM "GlobalService" AS g
      JOIN unnest(${chunk.map((k) => k.namespace)}::text[], ${chunk.map((k) => k.name)}::text[])
        AS k("namespace", "name") ON g."namespace" = k."namespace" AND g."name" = k."name"`;
    for (const r of rows) ids.set(`${r.namespace}/${r.name}`, r.id);
  }
  return ids;
}

/**
 * Create the global services of `keys` that do not exist yet; answers the ids it created.
 * The hot statements of a snapshot are SQL of their own: Prisma 6's query compiler builds a
 * plan for every call, in Wasm on the event loop, and a bulk create's plan grows with its rows
 * — at 2,000 agents' snapshot storm that compiling was a third of the app's CPU.
 */
async function insertGlobalServices(
  tx: Tx,
  keys: { namespace: string; name: string }[],
): Promise<string[]> {
  if (!keys.length) return [];
  const style = await readGlobalHostStyle(tx);
  const created = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO "GlobalService" ("id", "namespace", "name", "hostname", "updatedAt")
    SELECT k."id", k."namespace", k."name", k."hostname", now()
    FROM unnest(
      ${keys.map(() => randomUUID())}::text[], ${keys.map((k) => k.namespace)}::text[],
      ${keys.map((k) => k.name)}::text[],
      ${keys.map((k) => globalHostname(k.namespace, k.name, style))}::text[]
    ) AS k("id", "namespace", "name", "hostname")
    ON CONFLICT DO NOTHING
    RETURNING "id"`;
  return created.map((r) => r.id);
}

/**
 * Create a report's global services up front, each statement committed on its own: inside the
 * report's transaction, the insert of a global service another cluster's report is inserting
 * waits for that whole transaction, so a fleet whose clusters run the same services stored its
 * snapshots one after another (100 × 1,000 services: two minutes). Answers the ids it created:
 * should the report's transaction fail, {@link removeUnusedGlobalServices} takes them back, so
 * a failed snapshot leaves nothing behind.
 */
export async function insertGlobalServicesFirst(
  keys: { namespace: string; name: string }[],
): Promise<string[]> {
  const created: string[] = [];
  for (const chunk of chunks(keys)) created.push(...(await insertGlobalServices(pool(), chunk)));
  return created;
}

/** Orphans: no cluster runs them and no intent names them. */
const ORPHAN = {
  services: { none: {} },
  exports: { none: { enabled: true } },
  imports: { none: { enabled: true } },
  OR: [{ failover: null }, { failover: { enabled: false } }],
};

/**
 * Remove the global services of `ids` that are still orphans: those a failed snapshot created
 * up front (one another report has since given services stays).
 */
export async function removeUnusedGlobalServices(ids: readonly string[]): Promise<void> {
  for (const chunk of chunks(ids))
    await pool().globalService.deleteMany({ where: { id: { in: chunk }, ...ORPHAN } });
}

/**
 * Remove global services that no cluster runs any more and that carry no intent — except those
 * another report is giving a service right now: its uncommitted service is invisible here, so
 * the global service looks unused, but deleting it would wait for that whole transaction (the
 * service's foreign key holds a lock on it) and then fail on the key once it commits. Such rows
 * are skipped (`SKIP LOCKED`), so reports touching the same global services never queue behind
 * each other here; an orphan skipped now goes with the next removal.
 */
async function pruneOrphanGlobalServices(tx: Tx): Promise<void> {
  const unused = await tx.$queryRaw<{ id: string }[]>`
    SELECT g."id" FROM "GlobalService" AS g
    WHERE NOT EXISTS (SELECT 1 FROM "Service" AS s WHERE s."globalServiceId" = g."id")
    FOR UPDATE SKIP LOCKED`;
  for (const chunk of chunks(unused.map((r) => r.id)))
    await tx.globalService.deleteMany({ where: { id: { in: chunk }, ...ORPHAN } });
}

/** Record the API versions a cluster's agent reported it serves (MCS, Gateway API). */
export async function writeServedApis(
  tx: Tx,
  clusterName: string,
  servedApis: ServedApis,
): Promise<void> {
  await tx.cluster.update({ where: { name: clusterName }, data: { servedApis } });
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

/** The SQL record of `serviceColumns` (lib/domain/inventory-diff.ts), for jsonb_to_recordset. */
const SERVICE_COLUMN_TYPES = Prisma.raw(
  `"type" text, "ports" jsonb, "labels" jsonb, "endpointsByZone" jsonb,
   "endpointsReady" integer, "endpointsTotal" integer, "workloads" jsonb`,
);

/**
 * Update changed services a chunk per statement (one UPDATE … FROM jsonb_to_recordset), not a
 * statement per row: a snapshot at the cap that changed every service ran 20,000 updates and
 * outlived its transaction's 15 s under load (a 503 the agent would retry forever).
 */
async function updateServices(
  tx: Tx,
  updates: ReturnType<typeof diffServices>["update"],
): Promise<void> {
  for (const chunk of chunks(updates)) {
    const rows = JSON.stringify(chunk.map((u) => ({ id: u.id, ...serviceColumns(u.service) })));
    await tx.$executeRaw`
      UPDATE "Service" AS s SET
        "type" = v."type", "ports" = v."ports", "labels" = v."labels",
        "endpointsByZone" = v."endpointsByZone", "endpointsReady" = v."endpointsReady",
        "endpointsTotal" = v."endpointsTotal", "workloads" = v."workloads", "updatedAt" = now()
      FROM jsonb_to_recordset(${rows}::jsonb) AS v("id" text, ${SERVICE_COLUMN_TYPES})
      WHERE s."id" = v."id"`;
  }
}

/** Write a service diff: bulk-create new services, update changed ones, delete removed ones. */
export async function writeServiceDiff(
  tx: Tx,
  clusterName: string,
  diff: ReturnType<typeof diffServices>,
): Promise<{ created: number; updated: number; removed: number }> {
  const globalIds = await ensureGlobalServices(tx, diff.create);
  for (const create of chunks(diff.create)) {
    // One INSERT … SELECT FROM jsonb_to_recordset per chunk (see insertGlobalServices).
    const rows = JSON.stringify(
      create.map((s) => ({
        id: randomUUID(),
        namespace: s.namespace,
        name: s.name,
        globalServiceId: globalIds.get(`${s.namespace}/${s.name}`)!,
        ...serviceColumns(s),
      })),
    );
    await tx.$executeRaw`
      INSERT INTO "Service" ("id", "clusterName", "namespace", "name", "type", "ports", "labels",
        "endpointsByZone", "endpointsReady", "endpointsTotal", "workloads", "globalServiceId",
        "updatedAt")
      SELECT v."id", ${clusterName}, v."namespace", v."name", v."type", v."ports", v."labels",
        v."endpointsByZone", v."endpointsReady", v."endpointsTotal", v."workloads",
        v."globalServiceId", now()
      FROM jsonb_to_recordset(${rows}::jsonb) AS v(
        "id" text, "namespace" text, "name" text, "globalServiceId" text, ${SERVICE_COLUMN_TYPES})`;
  }
  await updateServices(tx, diff.update);
  if (diff.remove.length) {
    for (const chunk of chunks(diff.remove))
      await tx.service.deleteMany({ where: { id: { in: chunk } } });
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
  workloads: true,
} as const;

/** A cluster's stored services (only the named ones, when `named` is given). */
export async function storedServices(
  tx: Tx,
  clusterName: string,
  named?: { namespace: string; name: string }[],
) {
  if (!named) return tx.service.findMany({ where: { clusterName }, select: STORED_SELECT });
  const found = [];
  for (const chunk of chunks(named))
    found.push(
      ...(await tx.service.findMany({ where: { clusterName, OR: chunk }, select: STORED_SELECT })),
    );
  return found;
}

const meshKey = (m: ReportedMesh) =>
  `${m.type}|${m.version}|${m.trustDomain}|${m.rootCaFingerprint}|${canonicalJson(meshDetails(m))}`;

/** Whether a snapshot says exactly what is stored for the cluster's services and meshes. */
export async function matchesStored(clusterName: string, snapshot: ClusterSnapshot) {
  const [stored, meshes, cluster] = await Promise.all([
    storedServices(pool(), clusterName),
    pool().mesh.findMany({ where: { clusterName } }),
    pool().cluster.findUnique({ where: { name: clusterName }, select: { servedApis: true } }),
  ]);
  if (snapshot.servedApis) {
    const apis = readColumn(
      servedApisColumn,
      cluster?.servedApis ?? null,
      "Cluster.servedApis",
      null,
    );
    if (canonicalJson(apis) !== canonicalJson(snapshot.servedApis)) return false;
  }
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
