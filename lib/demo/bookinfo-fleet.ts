import type { ClusterCreateInput } from "@/lib/model/inventory";
import type { ClusterSnapshot } from "@/lib/agent-protocol/snapshot";
import { readFileSync } from "node:fs";
import path from "node:path";
import { DEFAULT_FLEET_FILE, loadFleetFile } from "@/lib/agent-protocol/fleet-file";
import { parseSiteFile } from "@/lib/agent-protocol/site-file";

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

/** The demo's VM site: two VMs in eu-west-1 serving ratings, on east-1's Istio mesh. */
export const DEMO_SITE: ClusterCreateInput = {
  name: "ratings-legacy",
  displayName: "Ratings legacy VMs",
  provider: "on-prem",
  region: "eu-west-1",
  zone: "eu-west-1a",
  kind: "vm-site",
  hostCluster: "east-1",
};

/** The site file its static-mode agent reports (fleets/sites/ratings-legacy.yaml). */
export const DEMO_SITE_FILE = path.resolve(
  path.dirname(DEFAULT_FLEET_FILE),
  "sites/ratings-legacy.yaml",
);

/** The site's snapshot, read from its site file. */
export function demoSiteSnapshot(): ClusterSnapshot {
  return parseSiteFile(readFileSync(DEMO_SITE_FILE, "utf8"), DEMO_SITE_FILE);
}
