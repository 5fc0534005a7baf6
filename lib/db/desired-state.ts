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

/**
 * The desired state an agent may receive: only once an admin has accepted its cluster
 * (double opt-in), else null. One query, since every waiting agent asks on every wake-up.
 */
export async function readDesiredStateForAgent(
  clusterName: string,
): Promise<DesiredResponse | null> {
  const cluster = await db().cluster.findUnique({
    where: { name: clusterName },
    select: { state: true, desired: true },
  });
  return cluster?.state === "live" ? toResponse(cluster.desired) : null;
}
