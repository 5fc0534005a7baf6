import "server-only";
import type { Actor } from "@/lib/model/actor";
import type { ClusterCreateInput, ClusterSummary, ClusterUpdateInput } from "@/lib/model/inventory";
import { conflict, DomainError, notFound } from "@/lib/domain/errors";
import { notifyCredentialsRevoked } from "@/lib/store/agent-credential-cache";
import { recordAudit } from "@/lib/store/audit";
import {
  findCluster,
  getClusterSummary,
  insertCluster,
  notifyDesiredReleased,
  removeCluster,
  updateClusterAtVersion,
} from "@/lib/store/clusters";
import { announceRevokedLocally } from "@/lib/store/desired-notify";
import { announceDesiredChange } from "@/lib/store/desired-state";
import { transaction } from "@/lib/store/transaction";

async function summaryOf(name: string): Promise<ClusterSummary> {
  const summary = await getClusterSummary(name);
  if (!summary) throw notFound("Cluster");
  return summary;
}

/** Register a cluster (pending until its agent reports and an admin accepts it). */
export async function createCluster(
  input: ClusterCreateInput,
  actor: Actor,
  opts: { simulated?: boolean } = {},
): Promise<ClusterSummary> {
  await transaction(async (tx) => {
    if (await findCluster(tx, input.name)) {
      throw conflict(`A cluster named "${input.name}" already exists`);
    }
    await insertCluster(tx, input, opts.simulated ?? false);
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
  const { version, state, hostCluster, ...rest } = input;
  // "" clears a site's host cluster.
  const fields = {
    ...rest,
    ...(hostCluster !== undefined ? { hostCluster: hostCluster || null } : {}),
  };
  let accepted = false;
  await transaction(async (tx) => {
    const current = await findCluster(tx, name);
    if (!current) throw notFound("Cluster");
    if (
      !(await updateClusterAtVersion(tx, name, version, { ...fields, ...(state ? { state } : {}) }))
    ) {
      throw new DomainError(
        "conflict",
        "version_conflict",
        `Cluster "${name}" was changed by someone else (version ${current.version}, you sent ${version}); reload and try again`,
      );
    }
    // Accepting a cluster releases its desired state: wake its waiting agent.
    if (state === "live" && current.state !== "live") {
      await notifyDesiredReleased(tx, name);
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
  await transaction(async (tx) => {
    if (!(await removeCluster(tx, name))) throw notFound("Cluster");
    await notifyCredentialsRevoked(tx, name); // its credentials went with it
    await recordAudit(tx, actor, "cluster.delete", "cluster", name);
  });
  announceRevokedLocally(name);
}
