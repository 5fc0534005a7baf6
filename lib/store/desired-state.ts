import "server-only";
import type { DesiredResource, DesiredResponse } from "@/lib/agent-protocol/messages";
import { contentHash } from "@/lib/agent-protocol/canonical-json";
import { db, type Prisma } from "@/lib/store/client";
import { announceLocally, DESIRED_CHANNEL } from "@/lib/store/desired-notify";
import { microBatch } from "@/lib/infra/micro-batch";

type Tx = Prisma.TransactionClient;

/** Sort resources so the same set always hashes and diffs the same way. */
function sortResources(resources: DesiredResource[]): DesiredResource[] {
  const key = (r: DesiredResource) =>
    `${r.apiVersion}/${r.kind}/${r.metadata.namespace ?? ""}/${r.metadata.name}`;
  return [...resources].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** One cluster's new desired set, for {@link writeDesiredStates}. */
export type DesiredWrite = { clusterName: string; resources: DesiredResource[] };

/**
 * Replace the full sets of resources Meridian owns in some clusters, inside the caller's
 * transaction, in three statements whatever the number of clusters (an intent change that
 * touches a hundred clusters used to cost three round trips per cluster before its commit). A
 * generation moves only when its content changes; the NOTIFYs are delivered to every replica
 * when the transaction commits. Returns each cluster's generation and whether it changed —
 * call {@link announceDesiredChange} after commit for those that did.
 */
export async function writeDesiredStates(
  tx: Tx,
  writes: readonly DesiredWrite[],
): Promise<Map<string, { generation: number; changed: boolean }>> {
  const wanted = new Map(
    writes.map((w) => {
      const sorted = sortResources(w.resources);
      return [w.clusterName, { resources: sorted, hash: contentHash(sorted) }];
    }),
  );
  const out = new Map<string, { generation: number; changed: boolean }>();
  if (!wanted.size) return out;
  const current = await tx.$queryRaw<{ clusterName: string; generation: number; hash: string }[]>`
    SELECT "clusterName", generation, "contentHash" AS hash FROM "DesiredState"
    WHERE "clusterName" IN (SELECT jsonb_array_elements_text(${JSON.stringify([...wanted.keys()])}::jsonb))`;
  for (const c of current)
    if (wanted.get(c.clusterName)?.hash === c.hash) {
      out.set(c.clusterName, { generation: c.generation, changed: false });
      wanted.delete(c.clusterName);
    }
  if (!wanted.size) return out;
  const rows = [...wanted].map(([name, w]) => ({ name, resources: w.resources, hash: w.hash }));
  const written = await tx.$queryRaw<{ clusterName: string; generation: number }[]>`
    INSERT INTO "DesiredState" ("clusterName", generation, resources, "contentHash", "updatedAt")
    SELECT x.name, 1, x.resources, x.hash, now()
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(name text, resources jsonb, hash text)
    ON CONFLICT ("clusterName") DO UPDATE SET generation = "DesiredState".generation + 1,
      resources = EXCLUDED.resources, "contentHash" = EXCLUDED."contentHash", "updatedAt" = now()
    RETURNING "clusterName", generation`;
  await tx.$executeRaw`
    SELECT pg_notify(${DESIRED_CHANNEL}, name)
    FROM jsonb_array_elements_text(${JSON.stringify(rows.map((r) => r.name))}::jsonb) AS name`;
  for (const w of written) out.set(w.clusterName, { generation: w.generation, changed: true });
  return out;
}

/** {@link writeDesiredStates} for one cluster. */
export async function writeDesiredState(
  tx: Tx,
  clusterName: string,
  resources: DesiredResource[],
): Promise<{ generation: number; changed: boolean }> {
  const result = (await writeDesiredStates(tx, [{ clusterName, resources }])).get(clusterName);
  if (!result) throw new Error(`desired state of ${clusterName} was not written`);
  return result;
}

/** Wake this replica's waiting agent for the cluster (other replicas hear the NOTIFY). */
export function announceDesiredChange(clusterName: string): void {
  announceLocally(clusterName);
}

/**
 * The plane's epoch, as SQL: the desired-state table's own identity (a logical restore, pg_dump
 * then pg_restore --clean, recreates the table, so its oid changes) and the `planeEpoch` setting
 * (a random value each new database gets from its migration; rotate it after a physical restore,
 * docs/install.md). Either changing tells every agent to take the plane's state as it is now.
 */
const EPOCH_SQL = `'"DesiredState"'::regclass::oid::text || '.' || COALESCE(
  (SELECT s.value #>> '{}' FROM "Setting" s WHERE s.key = 'planeEpoch'), '0')`;

type DesiredRow = { epoch: string; generation: number; contentHash: string; resources: unknown };

function toResponse(row: DesiredRow | null, epoch: string): DesiredResponse {
  return {
    epoch,
    generation: row?.generation ?? 0,
    contentHash: row?.contentHash ?? "",
    resources: (row?.resources ?? []) as DesiredResponse["resources"],
  };
}

/** The cluster's current desired state (generation 0 and no resources when never set). */
export async function readDesiredState(clusterName: string): Promise<DesiredResponse> {
  const [row] = await db().$queryRawUnsafe<(Partial<DesiredRow> & { epoch: string })[]>(
    `SELECT (${EPOCH_SQL}) AS epoch, d.generation, d."contentHash", d.resources
     FROM (SELECT 1) one LEFT JOIN "DesiredState" d ON d."clusterName" = $1`,
    clusterName,
  );
  const epoch = row?.epoch ?? "";
  return toResponse(row?.generation == null ? null : (row as DesiredRow), epoch);
}

type AgentDesiredRow = { state: string; epoch: string; desired: DesiredRow | null };

// Reads asked for in the same turn of the event loop go out as one query: when one intent
// change wakes a hundred waiting agents at once, that is one round trip, not a hundred
// connections queueing for the pool. Plain SQL: this runs on every wake-up of every agent.
const loadForAgent = microBatch<string, AgentDesiredRow | null>(async (names) => {
  const rows = await db().$queryRawUnsafe<
    {
      name: string;
      state: string;
      epoch: string;
      generation: number | null;
      contentHash: string | null;
      resources: unknown;
    }[]
  >(
    `SELECT c.name, c.state::text AS state, (${EPOCH_SQL}) AS epoch, d.generation,
      d."contentHash", d.resources
    FROM "Cluster" c LEFT JOIN "DesiredState" d ON d."clusterName" = c.name
    WHERE c.name IN (SELECT jsonb_array_elements_text($1::jsonb))`,
    JSON.stringify(names),
  );
  const byName = new Map(
    rows.map((r) => [
      r.name,
      {
        state: r.state,
        epoch: r.epoch,
        desired:
          r.generation === null
            ? null
            : {
                epoch: r.epoch,
                generation: r.generation,
                contentHash: r.contentHash ?? "",
                resources: r.resources,
              },
      },
    ]),
  );
  // Two readers of one cluster in a batch share its row.
  return names.map((n) => byName.get(n) ?? null);
});

/**
 * The desired state an agent may receive: only once an admin has accepted its cluster
 * (double opt-in), else null. Batched with the other agents' reads of the same moment.
 */
export async function readDesiredStateForAgent(
  clusterName: string,
): Promise<DesiredResponse | null> {
  const cluster = await loadForAgent(clusterName);
  return cluster?.state === "live" ? toResponse(cluster.desired, cluster.epoch) : null;
}
