// Seeds a generated topology fleet through the agents' path: each cluster is created, set
// live and given its inventory by applyClusterSnapshot. Import after DATABASE_URL is set.
import type { FleetCluster } from "../../lib/agent-protocol/fleet-file";

const actor = { type: "system", label: "bench" } as const;

/** Seeds `fleet`, `concurrency` clusters at a time; returns the time taken in ms. */
export async function seedTopologyFleet(fleet: FleetCluster[], concurrency = 4): Promise<number> {
  const { createCluster, updateCluster } = await import("../../lib/services/inventory/clusters");
  const { applyClusterSnapshot } = await import("../../lib/services/agents/inventory");
  const start = performance.now();
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < fleet.length; i = next++) {
      const { meshes, services, ...c } = fleet[i]!;
      const created = await createCluster(c, actor, { simulated: true });
      await updateCluster(c.name, { version: created.version, state: "live" }, actor);
      await applyClusterSnapshot(c.name, { meshes, services }, actor);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return performance.now() - start;
}
