import "server-only";
import {
  clusterSnapshotSchema,
  type ClusterSnapshot,
  type ReportedMesh,
  type ServedApis,
  type ReportedService,
} from "@/lib/agent-protocol/snapshot";
import { diffServices } from "@/lib/domain/inventory-diff";
import { DomainError, notFound, UnavailableError } from "@/lib/domain/errors";
import { QueueFullError, Semaphore } from "@/lib/infra/semaphore";
import { env } from "@/lib/infra/env";
import { type Actor } from "@/lib/model/actor";
import { recordAudit } from "@/lib/store/audit";
import { findCluster, touchCluster } from "@/lib/store/clusters";
import {
  insertGlobalServicesFirst,
  matchesStored,
  removeUnusedGlobalServices,
  replaceMeshes,
  writeServedApis,
  storedServices,
  writeServiceDiff,
} from "@/lib/store/inventory";
import { transaction, type Tx } from "@/lib/store/transaction";
import { log } from "@/lib/infra/log";

type Summary = { created: number; updated: number; removed: number };

/**
 * Inventory reports stored at once per process: at most half the pool, so that a storm of
 * snapshots (a fleet registering, or sending new inventory after an upgrade) queues here in
 * order instead of failing on the pool's wait limit, and leaves connections for the streams,
 * acknowledgements and pages. A report waits at most MERIDIAN_INVENTORY_QUEUE_WAIT_MS (well
 * under the agent's 60 s request timeout) behind at most MERIDIAN_INVENTORY_QUEUE_MAX others;
 * past either it is refused with 503 before any database work.
 */
let inventoryLimit: Semaphore | undefined;
/** The queue itself, for its load (metrics, tests). */
export const inventorySlots = () =>
  (inventoryLimit ??= new Semaphore(
    Math.max(1, Math.floor(env().MERIDIAN_DB_POOL_MAX / 2)),
    env().MERIDIAN_INVENTORY_QUEUE_MAX,
    { maxWaitMs: env().MERIDIAN_INVENTORY_QUEUE_WAIT_MS },
  ));

/**
 * How long one inventory write may hold its transaction: a snapshot at the 20,000-service cap
 * took 18 s on a loaded 2-core machine (bench/snapshot-cap.ts), over the client's 15 s default.
 */
const INVENTORY_TRANSACTION_MS = 60_000;

/** Retry-After of a refused report: its booked turn (Semaphore.retryAfterSeconds), within these bounds (seconds). */
const RETRY_AFTER_MIN_SECONDS = 5;
const RETRY_AFTER_MAX_SECONDS = 120;

/**
 * Run all of one report's work in an inventory slot — the unchanged check and the global
 * services too, so a refused report has cost nothing but its parse. A report whose `signal`
 * aborts while it waits (the agent gave up and will send it again) leaves the queue unrun.
 */
function admitted<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  if (signal?.aborted) throw clientGone();
  const slots = inventorySlots();
  return slots.run(work, signal).catch((error: unknown) => {
    if (error instanceof QueueFullError) throw saturated(slots.retryAfterSeconds());
    throw signal?.aborted ? clientGone() : error;
  });
}

/** Run an inventory change for an existing cluster, mark it seen and audit what changed. */
function inventoryChange(
  clusterName: string,
  actor: Actor,
  action: string,
  change: (tx: Tx) => Promise<Summary>,
): Promise<Summary> {
  return transaction(
    async (tx) => {
      if (!(await findCluster(tx, clusterName))) throw notFound("Cluster");
      const summary = await change(tx);
      await touchCluster(clusterName, tx);
      if (summary.created || summary.removed) {
        await recordAudit(tx, actor, action, "cluster", clusterName, summary);
      }
      return summary;
    },
    { timeoutMs: INVENTORY_TRANSACTION_MS },
  );
}

/** Nothing of the report was stored: the agent may send the same report (or delta) again. */
const saturated = (retryAfterSeconds: number) =>
  new UnavailableError(
    "saturated",
    "Meridian is storing other clusters' inventory; nothing of this report was stored — send it again after Retry-After",
    Math.min(
      RETRY_AFTER_MAX_SECONDS,
      Math.max(RETRY_AFTER_MIN_SECONDS, Math.ceil(retryAfterSeconds)),
    ),
  );

const clientGone = () =>
  new DomainError(
    "unavailable",
    "client_gone",
    "The report was dropped: its sender went away while it waited",
  );

/**
 * Whether a snapshot says exactly what is stored — the common case when agents reconnect after
 * an app restart. Then the cluster is only marked seen, in one statement and without an
 * interactive transaction.
 * An agent sends its reports one at a time, so nothing else writes this cluster's inventory
 * between the read and the update; if something did, the next delta or snapshot corrects it.
 */
async function snapshotUnchanged(clusterName: string, snapshot: ClusterSnapshot): Promise<boolean> {
  if (!(await matchesStored(clusterName, snapshot))) return false;
  if (!(await touchCluster(clusterName))) throw notFound("Cluster");
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
  return admitted(async () => {
    if (await snapshotUnchanged(clusterName, snapshot))
      return { created: 0, updated: 0, removed: 0 };
    const created = await insertGlobalServicesFirst(snapshot.services);
    try {
      return await inventoryChange(clusterName, actor, "inventory.snapshot", async (tx) => {
        await replaceMeshes(tx, clusterName, snapshot.meshes);
        if (snapshot.servedApis) await writeServedApis(tx, clusterName, snapshot.servedApis);
        const stored = await storedServices(tx, clusterName);
        return writeServiceDiff(tx, clusterName, diffServices(stored, snapshot.services));
      });
    } catch (error) {
      // All or nothing: the transaction rolled back, so take back the global services created
      // for it up front (if the database is gone too, the next removal prunes them).
      await removeUnusedGlobalServices(created).catch((cleanup: Error) =>
        log.warn("a failed snapshot's global services were left for the next prune", {
          cluster: clusterName,
          globalServices: created.length,
          error: cleanup.message,
        }),
      );
      throw error;
    }
  }, signal);
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
    servedApis?: ServedApis;
  },
  actor: Actor,
  signal?: AbortSignal,
): Promise<Summary> {
  // The report schema refuses a service named twice (in upserts, deletes or both).
  const upserts = delta.upserts;
  const named = [...delta.upserts, ...delta.deletes].map((k) => ({
    namespace: k.namespace,
    name: k.name,
  }));
  return admitted(
    () =>
      inventoryChange(clusterName, actor, "inventory.delta", async (tx) => {
        if (delta.meshes) await replaceMeshes(tx, clusterName, delta.meshes);
        if (delta.servedApis) await writeServedApis(tx, clusterName, delta.servedApis);
        const stored = await storedServices(tx, clusterName, named);
        // Diff over just the named services: what is upserted stays, what is deleted goes.
        return writeServiceDiff(tx, clusterName, diffServices(stored, upserts));
      }),
    signal,
  );
}
