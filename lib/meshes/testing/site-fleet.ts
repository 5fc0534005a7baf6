// A fleet with VM sites for the site translators' tests and the kube suite: Istio clusters
// east-1 (the host) and east-2, Linkerd west-1, and one site per mesh serving bookinfo/ratings.
import type { SiteWorkload } from "../../agent-protocol/workload";
import type { FleetInventory, FleetIntent, Mesh } from "../kit/fleet-input";
import { cluster, service } from "./fleet-builder";

const vm = (name: string, address: string, over: Partial<SiteWorkload> = {}): SiteWorkload => ({
  name,
  address,
  labels: { version: "v1-legacy" },
  serviceAccount: "bookinfo-ratings",
  health: "healthy",
  ...over,
});

/** A site on `mesh` serving ratings from two VMs, hosted by `host` when given. */
export function site(name: string, mesh: Mesh, host?: string) {
  return cluster(
    name,
    mesh,
    [
      service("bookinfo", "ratings", {
        workloads: [vm("vm-1", "10.40.1.11", { zone: "eu-west-1a" }), vm("vm-2", "10.40.2.12")],
      }),
    ],
    {
      kind: "vm-site",
      region: "eu-west-1",
      zone: "eu-west-1b",
      network: "vm-net",
      ...(host ? { hostCluster: host } : {}),
    },
  );
}

/** east-1 and east-2 (Istio), west-1 (Linkerd), and sites on Istio, Linkerd and Cilium. */
export function siteFleet(): FleetInventory {
  const ratings = () => [service("bookinfo", "ratings")];
  return {
    clusters: [
      cluster("east-1", "istio", ratings(), { region: "us-east-1" }),
      cluster("east-2", "istio", ratings(), { region: "us-east-1" }),
      cluster("west-1", "linkerd", ratings(), { region: "eu-west-1" }),
      site("ratings-legacy", "istio", "east-1"),
      site("ratings-linkerd-vms", "linkerd", "west-1"),
      site("ratings-cilium-vms", "cilium"),
    ],
  };
}

/** ratings exported by east-1, east-2 and every site, imported by east-2; the Istio site last. */
export const SITE_INTENT: FleetIntent = {
  services: [
    {
      namespace: "bookinfo",
      name: "ratings",
      exports: ["east-1", "east-2", "ratings-legacy", "ratings-linkerd-vms", "ratings-cilium-vms"],
      imports: ["east-2"],
      failover: {
        tiers: [
          { clusters: [{ name: "east-1" }] },
          { clusters: [{ name: "east-2" }] },
          { clusters: [{ name: "ratings-legacy" }] },
        ],
        outlierDetection: {
          consecutive5xxErrors: 5,
          interval: "10s",
          baseEjectionTime: "30s",
          maxEjectionPercent: 100,
        },
      },
    },
  ],
};
