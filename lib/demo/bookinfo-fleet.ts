import type { ClusterCreateInput } from "@/lib/model/inventory";
import type { ClusterSnapshot } from "@/lib/agent-protocol/snapshot";
import { loadFleetFile } from "@/lib/agent-protocol/fleet-file";

/**
 * "Distributed Bookinfo" (fleets/distributed-bookinfo.yaml): Istio's Bookinfo sample spread
 * over three clusters in two regions — the standard scenario of the demo, the e2e tests and
 * the benchmarks. Same namespace/name in several clusters forms one global service.
 */
export type DemoCluster = { cluster: ClusterCreateInput; snapshot: ClusterSnapshot };

export const BOOKINFO_NAMESPACE = "bookinfo";

/** The demo fleet's clusters and inventory, read from the fleet file. */
export function bookinfoFleet(): DemoCluster[] {
  return loadFleetFile().clusters.map(({ meshes, services, ...c }) => ({
    cluster: c,
    snapshot: { meshes, services },
  }));
}
