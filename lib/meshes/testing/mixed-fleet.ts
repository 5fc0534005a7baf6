// A mixed-mesh fleet that exercises every defect of issue 20 and its modern modes (MCS v1beta1,
// Gateway API splits, Istio ambient): 15 clusters in 3 regions on all
// five meshes, two Istio networks (one Istio agent too old to report its cluster id or DNS
// proxy), a namespace present in some clusters only, an ExternalName namesake, a TCP+UDP port,
// an h2c port with weights, same-named services in two namespaces, Consul and Cilium tiers with
// weights, Linkerd 2.17 and 2.16, and an MCS clusterset wider than the imports.
import type { ServedApis } from "../../agent-protocol/snapshot";
import type { FleetIntent, FleetInventory, OutlierDetection } from "../kit/fleet-input";
import { cluster, service } from "./fleet-builder";

const OD: OutlierDetection = {
  consecutive5xxErrors: 5,
  interval: "10s",
  baseEjectionTime: "30s",
  maxEjectionPercent: 100,
};
const grpc = (name: string) =>
  service("bookinfo", name, {
    ports: [
      { name: "grpc", port: 9090, protocol: "TCP", appProtocol: "kubernetes.io/h2c" },
      { name: "db", port: 5432, protocol: "TCP" },
    ],
  });
const dns = service("dns", "resolver", {
  ports: [
    { name: "dns-tcp", port: 53, protocol: "TCP" },
    { name: "dns", port: 53, protocol: "UDP" },
  ],
});

/** A cluster that serves the MCS API (v1beta1 and v1alpha1) and Gateway API v1. */
const MODERN_APIS: ServedApis = {
  "multicluster.x-k8s.io": ["v1alpha1", "v1beta1"],
  "gateway.networking.k8s.io": ["v1", "v1beta1"],
};

/** The inventory: every cluster reports what a current agent reports, except istio-west. */
export function mixedFleet(): FleetInventory {
  const istio = { dnsProxy: { capture: true, autoAllocate: false } };
  return {
    clusters: [
      cluster(
        "istio-east",
        "istio",
        [
          service("bookinfo", "reviews"),
          grpc("ratings"),
          service("bookinfo", "details"),
          service("payments", "ledger"),
          dns,
        ],
        {
          region: "us-east-1",
          network: "net-east",
          meshClusterId: "cl-east",
          meshVersion: "1.24.2",
          trustDomain: "east.example",
          ...istio,
        },
      ),
      // An old agent: no cluster id, no DNS proxy setting; Istio 1.17 ignores pinned values.
      cluster(
        "istio-west",
        "istio",
        [
          service("bookinfo", "reviews"),
          grpc("ratings"),
          service("bookinfo", "details", {
            type: "ExternalName",
            ports: [],
            endpoints: { ready: 0, total: 0 },
          }),
        ],
        {
          region: "eu-west-1",
          network: "net-west",
          meshVersion: "1.17.3",
          trustDomain: "cluster.local",
        },
      ),
      ...(
        [
          ["linkerd-new", "stable-2.17.1", "us-east-1"],
          ["linkerd-old", "stable-2.16.4", "us-east-1"],
          ["linkerd-fed", "enterprise-2.17.0", "eu-west-1"],
        ] as const
      ).map(([name, meshVersion, region]) =>
        cluster(name, "linkerd", [service("web", "frontend"), service("web", "search")], {
          region,
          network: "flat-1",
          meshVersion,
          trustDomain: "cluster.local",
        }),
      ),
      cluster(
        "cilium-east",
        "cilium",
        [
          service("shop", "cart"),
          service("shop", "basket"),
          service("shop", "checkout"),
          service("bookinfo", "reviews"),
        ],
        { region: "us-east-1", trustDomain: "cilium-east/1", servedApis: MODERN_APIS },
      ),
      cluster(
        "cilium-west",
        "cilium",
        [
          service("shop", "cart"),
          service("shop", "basket", { endpoints: { ready: 3, total: 3 } }),
          service("shop", "checkout"),
        ],
        { region: "eu-west-1", trustDomain: "cilium-west/2", servedApis: MODERN_APIS },
      ),
      cluster("consul-east", "consul", [service("shop", "orders"), service("billing", "orders")], {
        region: "us-east-1",
      }),
      cluster("consul-west", "consul", [service("shop", "orders")], { region: "eu-west-1" }),
      cluster("consul-south", "consul", [service("billing", "orders")], { region: "ap-south-1" }),
      // mcs-1 serves v1beta1; the others' agents did not report what they serve.
      ...["mcs-1", "mcs-2", "mcs-3"].map((name) =>
        cluster(name, "none", [service("batch", "jobs")], {
          region: "ap-south-1",
          ...(name === "mcs-1" ? { servedApis: MODERN_APIS } : {}),
        }),
      ),
      // Istio ambient multicluster: ambient-east's scope config selects istio.io/global,
      // ambient-west's agent reported none (and istio.io/global alone means nothing to Istio).
      cluster("ambient-east", "istio", [service("mesh", "catalog")], {
        region: "us-east-1",
        network: "amb-east",
        meshVersion: "1.29.0",
        meshClusterId: "amb-east",
        trustDomain: "cluster.local",
        dataplaneMode: "ambient",
        serviceScopeConfigs: [
          {
            servicesSelector: {
              matchExpressions: [{ key: "istio.io/global", operator: "Exists" }],
            },
            scope: "GLOBAL",
          },
        ],
      }),
      cluster("ambient-west", "istio", [service("mesh", "catalog")], {
        region: "eu-west-1",
        network: "amb-west",
        meshVersion: "1.29.0",
        meshClusterId: "amb-west",
        trustDomain: "cluster.local",
        dataplaneMode: "ambient",
      }),
    ],
  };
}

/** Intent over the mixed fleet; the comment on each service names the defects it covers. */
export const MIXED_INTENT: FleetIntent = {
  services: [
    // 1 (cross-network import, exporter gateway, DNS proxy not reported), 6 (cluster id, 1.17).
    {
      namespace: "bookinfo",
      name: "reviews",
      hostname: "reviews.bookinfo.global",
      exports: ["istio-east", "istio-west"],
      imports: ["istio-west"],
      failover: {
        tiers: [{ clusters: [{ name: "istio-east" }] }, { clusters: [{ name: "istio-west" }] }],
        outlierDetection: OD,
      },
    },
    // 11: an h2c port with weights, a TCP port that needs an address, explicit exportTo.
    {
      namespace: "bookinfo",
      name: "ratings",
      exports: ["istio-east", "istio-west"],
      imports: ["istio-east"],
      trafficWeights: { "istio-east": 70, "istio-west": 30 },
    },
    // 12: a Cilium consumer of an Istio service; 13: istio-west's ExternalName is no bystander.
    {
      namespace: "bookinfo",
      name: "details",
      exports: ["istio-east"],
      imports: ["istio-west", "cilium-east"],
      access: ["cilium-east"],
    },
    // 3: istio-west has no payments namespace.
    { namespace: "payments", name: "ledger", exports: ["istio-east"], imports: ["istio-west"] },
    // 3 (opted in) and a TCP+UDP port.
    {
      namespace: "dns",
      name: "resolver",
      exports: ["istio-east"],
      imports: ["istio-west"],
      createNamespace: true,
    },
    // 10: 2.17 ↔ 2.17 federated, 2.16 mirrored.
    {
      namespace: "web",
      name: "frontend",
      hostname: "frontend.web.global",
      exports: ["linkerd-new"],
      imports: ["linkerd-old", "linkerd-fed"],
      failover: { tiers: [{ clusters: [{ name: "linkerd-new" }] }], outlierDetection: OD },
    },
    // 5: linkerd-old is not on the access list (Linkerd does not deny its calls).
    {
      namespace: "web",
      name: "search",
      exports: ["linkerd-new"],
      imports: ["linkerd-old", "linkerd-fed"],
      access: ["linkerd-fed"],
    },
    // 7 (export-only cilium-east stays local) and 9 (tier weights).
    {
      namespace: "shop",
      name: "cart",
      exports: ["cilium-east", "cilium-west"],
      imports: ["cilium-west"],
      failover: {
        tiers: [
          {
            clusters: [
              { name: "cilium-east", weight: 70 },
              { name: "cilium-west", weight: 30 },
            ],
          },
        ],
        outlierDetection: OD,
      },
    },
    // 7: cilium-west's own basket endpoints join the pool.
    { namespace: "shop", name: "basket", exports: ["cilium-east"], imports: ["cilium-west"] },
    // 2 (one ServiceIntentions and one ServiceResolver for "orders") and 4 (consul-west is tier 2).
    {
      namespace: "shop",
      name: "orders",
      exports: ["consul-east", "consul-west"],
      imports: ["consul-west"],
      failover: {
        tiers: [{ clusters: [{ name: "consul-east" }] }, { clusters: [{ name: "consul-west" }] }],
        outlierDetection: OD,
      },
    },
    // 2 and Consul tier weights (tried in listed order).
    {
      namespace: "billing",
      name: "orders",
      exports: ["consul-east", "consul-south"],
      imports: ["consul-west"],
      failover: {
        tiers: [
          {
            clusters: [
              { name: "consul-east", weight: 60 },
              { name: "consul-south", weight: 40 },
            ],
          },
        ],
        outlierDetection: OD,
      },
    },
    // Gateway API split (GEP-1748): cilium-west exports and imports, so it weighs its own Service
    // against the ServiceImport.
    {
      namespace: "shop",
      name: "checkout",
      exports: ["cilium-east", "cilium-west"],
      imports: ["cilium-west"],
      trafficWeights: { "cilium-east": 30, "cilium-west": 70 },
    },
    // Istio ambient multicluster (served under its cluster.local name only).
    {
      namespace: "mesh",
      name: "catalog",
      exports: ["ambient-east"],
      imports: ["ambient-west"],
    },
    // 13: the MCS API imports into mcs-3 too.
    { namespace: "batch", name: "jobs", exports: ["mcs-1"], imports: ["mcs-2"] },
  ],
};
