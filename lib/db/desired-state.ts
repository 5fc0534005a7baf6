import "server-only";
import type { DesiredResource, DesiredResponse } from "@/lib/agent-protocol/messages";
import { contentHash } from "@/lib/agent-protocol/canonical-json";
import { db, type Prisma } from "@/lib/db/client";
import { announceLocally, DESIRED_CHANNEL } from "@/lib/db/desired-notify";

type Tx = Prisma.TransactionClient;

/** Sort resources so the same set always hashes and diffs the same way. */
function sortResources(resources: DesiredResource[]): DesiredResource[] {
  const key = (r: DesiredResource) =>
    `${r.apiVersion}/${r.kind}/${r.metadata.namespace ?? ""}/${r.metadata.name}`;
  return [...resources].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/**
 * Replace the full set of resources Meridian owns in a cluster, inside the caller's
 * transaction. The generation moves only when the content changes; the NOTIFY is
 * delivered to every replica when the transaction commits. Returns the generation and
 * whether it changed — call {@link announceDesiredChange} after commit when it did.
 */
export async function writeDesiredState(
  tx: Tx,
  clusterName: string,
  resources: DesiredResource[],
): Promise<{ generation: number; changed: boolean }> {
  const sorted = sortResources(resources);
  const hash = contentHash(sorted);
  const current = await tx.desiredState.findUnique({ where: { clusterName } });
  if (current && current.contentHash === hash)
    return { generation: current.generation, changed: false };
  const next = await tx.desiredState.upsert({
    where: { clusterName },
    create: {
      clusterName,
      generation: 1,
      resources: sorted as Prisma.InputJsonValue,
      contentHash: hash,
    },
    update: {
      generation: { increment: 1 },
      resources: sorted as Prisma.InputJsonValue,
      contentHash: hash,
    },
  });
  await tx.$executeRaw`SELECT pg_notify(${DESIRED_CHANNEL}, ${clusterName})`;
  return { generation: next.generation, changed: true };
}

/** Wake this replica's waiting agent for the cluster (other replicas hear the NOTIFY). */
export function announceDesiredChange(clusterName: string): void {
  announceLocally(clusterName);
}

function toResponse(
  row: { generation: number; contentHash: string; resources: unknown } | null,
): DesiredResponse {
  return {
    generation: row?.generation ?? 0,
    contentHash: row?.contentHash ?? "",
    resources: (row?.resources ?? []) as DesiredResponse["resources"],
  };
}

/** The cluster's current desired state (generation 0 and no resources when never set). */
export async function readDesiredState(clusterName: string): Promise<DesiredResponse> {
  return toResponse(await db().desiredState.findUnique({ where: { clusterName } }));
}

type AgentDesiredRow = {
  state: string;
  desired: { generation: number; contentHash: string; resources: unknown } | null;
};
type Waiter = { resolve: (row: AgentDesiredRow | null) => void; reject: (e: unknown) => void };

// Reads asked for in the same turn of the event loop go out as one query: when one intent
// change wakes a hundred waiting agents at once, that is one round trip, not a hundred
// connections queueing for the pool.
let batch: Map<string, Waiter[]> | null = null;

async function flushBatch(): Promise<void> {
  const current = batch!;
  batch = null;
  try {
    const rows = await db().cluster.findMany({
      where: { name: { in: [...current.keys()] } },
      select: { name: true, state: true, desired: true },
    });
    const byName = new Map(rows.map((r) => [r.name, r]));
    for (const [name, waiters] of current)
      for (const w of waiters) w.resolve(byName.get(name) ?? null);
  } catch (error) {
    for (const waiters of current.values()) for (const w of waiters) w.reject(error);
  }
}

function loadForAgent(clusterName: string): Promise<AgentDesiredRow | null> {
  return new Promise((resolve, reject) => {
    if (!batch) {
      batch = new Map();
      setImmediate(() => void flushBatch());
    }
    const waiters = batch.get(clusterName) ?? [];
    waiters.push({ resolve, reject });
    batch.set(clusterName, waiters);
  });
}

/**
 * The desired state an agent may receive: only once an admin has accepted its cluster
 * (double opt-in), else null. Batched with the other agents' reads of the same moment.
 */
export async function readDesiredStateForAgent(
  clusterName: string,
): Promise<DesiredResponse | null> {
  const cluster = await loadForAgent(clusterName);
  return cluster?.state === "live" ? toResponse(cluster.desired) : null;
}
