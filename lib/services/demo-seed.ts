import "server-only";
import { bookinfoFleet } from "@/lib/demo/bookinfo-fleet";
import type { Actor } from "@/lib/model/actor";
import { createJoinToken } from "@/lib/services/agents";
import { createCluster, updateCluster } from "@/lib/services/clusters";
import { findCluster } from "@/lib/store/clusters";
import { pool } from "@/lib/store/transaction";
import { applyClusterSnapshot } from "@/lib/services/inventory";

const SEED_ACTOR: Actor = { type: "system", label: "demo seed" };

/** Register and accept each demo cluster (as an admin would) unless it already exists. */
async function registerDemoClusters(): Promise<ReturnType<typeof bookinfoFleet>> {
  const fleet = bookinfoFleet();
  for (const { cluster } of fleet) {
    if (await findCluster(pool(), cluster.name)) continue;
    const created = await createCluster(cluster, SEED_ACTOR, { simulated: true });
    await updateCluster(cluster.name, { version: created.version, state: "live" }, SEED_ACTOR);
  }
  return fleet;
}

/**
 * Prepare the demo fleet for its simulated-cluster agents: each cluster registered and
 * accepted, and a fresh single-use join token per cluster that the agents trade for their
 * credentials through the real protocol (their inventory then arrives as agent reports).
 */
export async function prepareDemoFleet(): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  for (const { cluster } of await registerDemoClusters()) {
    tokens[cluster.name] = (await createJoinToken(cluster.name, SEED_ACTOR, 1)).token;
  }
  return tokens;
}

/**
 * Load Distributed Bookinfo without agents (`npm run db:seed`, tests): register and accept
 * each cluster, then apply its inventory snapshot through the same function agent reports use.
 */
export async function seedDemoFleet(): Promise<{ clusters: number }> {
  const fleet = await registerDemoClusters();
  for (const { cluster, snapshot } of fleet)
    await applyClusterSnapshot(cluster.name, snapshot, SEED_ACTOR);
  return { clusters: fleet.length };
}
