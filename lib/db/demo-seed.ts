import "server-only";
import { BOOKINFO_FLEET } from "@/lib/demo/bookinfo-fleet";
import type { Actor } from "@/lib/db/audit";
import { createCluster, updateCluster } from "@/lib/db/clusters";
import { db } from "@/lib/db/client";
import { applyClusterSnapshot } from "@/lib/db/inventory";

const SEED_ACTOR: Actor = { type: "system", label: "demo seed" };

/**
 * Load Distributed Bookinfo through the same domain functions agents use: register each
 * cluster, accept it, then apply its inventory snapshot (validated like any agent report).
 * Idempotent: clusters that already exist only get their snapshot re-applied.
 */
export async function seedDemoFleet(): Promise<{ clusters: number }> {
  for (const { cluster, snapshot } of BOOKINFO_FLEET) {
    const existing = await db().cluster.findUnique({ where: { name: cluster.name } });
    if (!existing) {
      const created = await createCluster(cluster, SEED_ACTOR, { simulated: true });
      await updateCluster(cluster.name, { version: created.version, state: "live" }, SEED_ACTOR);
    }
    await applyClusterSnapshot(cluster.name, snapshot, SEED_ACTOR);
  }
  return { clusters: BOOKINFO_FLEET.length };
}

/** Mark the simulated clusters as seen: the demo's stand-in for their agents' reports. */
export async function heartbeatSimulatedClusters(): Promise<void> {
  await db().cluster.updateMany({
    where: { simulated: true, state: "live" },
    data: { lastSeenAt: new Date() },
  });
}
