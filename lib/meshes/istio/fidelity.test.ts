// Issue 20: what the Istio translator writes must work on a real mesh, not only pass the CRD
// schemas. One describe per numbered defect of the issue.
import { describe, expect, it } from "vitest";

import type { DesiredResource } from "../../agent-protocol/messages";
import { compileFleet, type FleetIntent, type FleetInventory } from "../index";
import { cluster, service } from "../testing/fleet-builder";

const spec = (r: DesiredResource | undefined) => (r?.["spec"] ?? {}) as Record<string, unknown>;
const find = (rs: DesiredResource[] | undefined, kind: string, host?: string) =>
  (rs ?? []).find(
    (r) => r.kind === kind && (!host || spec(r)["host"] === host || hosts(r).includes(host)),
  );
const hosts = (r: DesiredResource) => (spec(r)["hosts"] as string[] | undefined) ?? [];

const DNS_ON = { capture: true, autoAllocate: false };
const reviews = service("bookinfo", "reviews");

/** Two Istio clusters on two networks, reviews exported by a and imported by b. */
function twoNetworks(
  dnsB: { capture: boolean; autoAllocate: boolean } | undefined,
): FleetInventory {
  return {
    clusters: [
      cluster("istio-a", "istio", [reviews], {
        network: "net-a",
        meshClusterId: "cluster-a",
        meshVersion: "1.24.2",
        dnsProxy: DNS_ON,
        trustDomain: "cluster.local",
      }),
      cluster("istio-b", "istio", [], {
        network: "net-b",
        meshClusterId: "cluster-b",
        meshVersion: "1.29.0",
        trustDomain: "cluster.local",
        ...(dnsB ? { dnsProxy: dnsB } : {}),
      }),
    ],
  };
}
const IMPORT_GLOBAL: FleetIntent = {
  services: [
    {
      namespace: "bookinfo",
      name: "reviews",
      hostname: "reviews.bookinfo.global",
      exports: ["istio-a"],
      imports: ["istio-b"],
    },
  ],
};

describe("defect 1: Istio imports across networks", () => {
  it("the exporter on another network gets the global host and an AUTO_PASSTHROUGH server for its SNI", () => {
    const out = compileFleet(IMPORT_GLOBAL, twoNetworks(DNS_ON));
    const exp = out.clusters["istio-a"]!.resources;
    // The client's Envoy sends SNI outbound_.9080_._.reviews.bookinfo.global to the exporter's
    // east-west gateway: the exporter's istiod must know that host and the gateway must match it.
    const se = find(exp, "ServiceEntry", "reviews.bookinfo.global");
    expect(spec(se)["workloadSelector"]).toEqual({ labels: { app: "reviews" } });
    const gw = find(exp, "Gateway");
    expect(gw?.metadata.namespace).toBe("istio-system");
    expect(spec(gw)).toEqual({
      selector: { istio: "eastwestgateway" },
      servers: [
        {
          port: { number: 15443, name: "tls", protocol: "TLS" },
          tls: { mode: "AUTO_PASSTHROUGH" },
          hosts: ["reviews.bookinfo.global"],
        },
      ],
    });
  });

  it("the importer's ServiceEntry carries a stable VIP in Istio's auto-allocation range", () => {
    const a = compileFleet(IMPORT_GLOBAL, twoNetworks(DNS_ON)).clusters["istio-b"]!;
    const b = compileFleet(IMPORT_GLOBAL, twoNetworks(DNS_ON)).clusters["istio-b"]!;
    const addresses = spec(find(a.resources, "ServiceEntry"))["addresses"] as string[];
    expect(addresses).toHaveLength(1);
    expect(addresses[0]).toMatch(/^240\.241\.\d{1,3}\.\d{1,3}$/);
    expect(spec(find(b.resources, "ServiceEntry"))["addresses"]).toEqual(addresses);
    expect(a.warnings.filter((w) => w.code === "mesh-config-required")).toEqual([]);
  });

  it("warns per importer when its DNS proxy is off or not reported", () => {
    const off = compileFleet(IMPORT_GLOBAL, twoNetworks({ capture: false, autoAllocate: false }));
    expect(off.clusters["istio-b"]!.warnings.map((w) => w.code)).toContain("mesh-config-required");
    expect(
      off.clusters["istio-b"]!.warnings.find((w) => w.code === "mesh-config-required")?.message,
    ).toMatch(/DNS capture off \(ISTIO_META_DNS_CAPTURE\)/);
    const unknown = compileFleet(IMPORT_GLOBAL, twoNetworks(undefined));
    expect(
      unknown.clusters["istio-b"]!.warnings.find((w) => w.code === "mesh-config-required")?.message,
    ).toMatch(/did not report/);
  });

  it("an exporter on the importer's own network gets nothing new", () => {
    const fleet = twoNetworks(DNS_ON);
    fleet.clusters[1]!.network = "net-a";
    const out = compileFleet(IMPORT_GLOBAL, fleet);
    expect(out.clusters["istio-a"]!.resources).toEqual([]);
  });
});

describe("defect 6: Istio failoverPriority uses the reported cluster id and version", () => {
  const fleet: FleetInventory = {
    clusters: [
      cluster("istio-a", "istio", [reviews], { meshClusterId: "cluster-a", region: "r1" }),
      cluster("istio-b", "istio", [reviews], { meshClusterId: "cluster-b", region: "r1" }),
      cluster("istio-c", "istio", [reviews], {
        meshClusterId: "",
        meshVersion: "1.17.3",
        region: "r2",
      }),
    ],
  };
  const intent: FleetIntent = {
    services: [
      {
        namespace: "bookinfo",
        name: "reviews",
        exports: ["istio-a", "istio-b", "istio-c"],
        imports: ["istio-a", "istio-c"],
        failover: {
          tiers: [
            { clusters: [{ name: "istio-a" }] },
            { clusters: [{ name: "istio-b" }] },
            { clusters: [{ name: "istio-c" }] },
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

  it("pins topology.istio.io/cluster to the Istio cluster id, not the Meridian name", () => {
    const out = compileFleet(intent, fleet);
    const dr = find(out.clusters["istio-a"]!.resources, "DestinationRule");
    const lb = (
      spec(dr)["trafficPolicy"] as {
        loadBalancer: { localityLbSetting: { failoverPriority: string[] } };
      }
    ).loadBalancer.localityLbSetting;
    expect(lb.failoverPriority).toEqual([
      "topology.kubernetes.io/region=r1",
      "topology.istio.io/cluster=cluster-a",
    ]);
  });

  it("warns where the cluster id is not reported, and where Istio is older than pinned values", () => {
    const out = compileFleet(intent, fleet);
    const c = out.clusters["istio-c"]!.warnings.map((w) => w.message).join("\n");
    expect(c).toMatch(/Istio 1\.17\.3 .*label=value/);
    // istio-c has no reported cluster id, but no pinned entry names it (tier 3 is last).
    const fleetNoId = structuredClone(fleet);
    fleetNoId.clusters[0]!.meshClusterId = "";
    const w = compileFleet(intent, fleetNoId)
      .warnings.map((x) => x.message)
      .join("\n");
    expect(w).toMatch(/istio-a did not report its Istio cluster id/);
  });
});

describe("defect 11: Istio ports and exportTo", () => {
  const grpc = service("bookinfo", "ratings", {
    ports: [
      { name: "grpc", port: 9090, protocol: "TCP", appProtocol: "kubernetes.io/h2c" },
      { name: "db", port: 5432, protocol: "TCP" },
    ],
  });
  const fleet: FleetInventory = {
    clusters: [
      cluster("istio-a", "istio", [grpc], { meshClusterId: "istio-a", dnsProxy: DNS_ON }),
      cluster("istio-b", "istio", [grpc], { meshClusterId: "istio-b", dnsProxy: DNS_ON }),
    ],
  };
  const intent: FleetIntent = {
    services: [
      {
        namespace: "bookinfo",
        name: "ratings",
        exports: ["istio-a", "istio-b"],
        imports: ["istio-b"],
        trafficWeights: { "istio-a": 70, "istio-b": 30 },
      },
    ],
  };
  const res = compileFleet(intent, fleet).clusters["istio-b"]!.resources;

  it("every generated networking object says exportTo explicitly", () => {
    for (const kind of ["ServiceEntry", "DestinationRule", "VirtualService"])
      expect(spec(find(res, kind))["exportTo"]).toEqual(["*"]);
  });

  it("an h2c port is HTTP2 and its weights sit on an http route matched to that port", () => {
    const se = find(res, "ServiceEntry");
    expect(spec(se)["ports"]).toEqual([
      { number: 9090, name: "grpc", protocol: "HTTP2" },
      { number: 5432, name: "db", protocol: "TCP" },
    ]);
    const vs = spec(find(res, "VirtualService"));
    const route = [
      {
        destination: { host: "ratings.bookinfo.svc.clusterset.local", subset: "istio-a" },
        weight: 70,
      },
      {
        destination: { host: "ratings.bookinfo.svc.clusterset.local", subset: "istio-b" },
        weight: 30,
      },
    ];
    const withPort = (port: number) =>
      route.map((r) => ({ ...r, destination: { ...r.destination, port: { number: port } } }));
    expect(vs["http"]).toEqual([{ match: [{ port: 9090 }], route: withPort(9090) }]);
    expect(vs["tcp"]).toEqual([{ match: [{ port: 5432 }], route: withPort(5432) }]);
  });

  it("a TCP port never listens on 0.0.0.0: the ServiceEntry has an address", () => {
    expect(spec(find(res, "ServiceEntry"))["addresses"]).toHaveLength(1);
  });
});

describe("defect 12: trust domains of clusters without Istio identity", () => {
  it("a Cilium or MCS consumer adds no cluster.local principal and no false 'cannot deny'", () => {
    const fleet: FleetInventory = {
      clusters: [
        cluster("istio-w", "istio", [reviews], { trustDomain: "west.example" }),
        cluster("cilium-1", "cilium", [reviews], { trustDomain: "c1/1" }),
        cluster("plain", "none", [], {}),
        cluster("istio-x", "istio", [], { trustDomain: "cluster.local" }),
      ],
    };
    const out = compileFleet(
      {
        services: [
          {
            namespace: "bookinfo",
            name: "reviews",
            exports: ["istio-w"],
            imports: ["cilium-1", "plain", "istio-x"],
            access: ["cilium-1", "plain"],
          },
        ],
      },
      fleet,
    );
    const ap = find(out.clusters["istio-w"]!.resources, "AuthorizationPolicy");
    expect(spec(ap)["rules"]).toEqual([{ from: [{ source: { principals: ["west.example/*"] } }] }]);
    expect(out.warnings.map((w) => w.message).join("\n")).not.toMatch(/cannot deny istio-x/);
  });
});

describe("defect 13 (Istio): an ExternalName namesake is no bystander", () => {
  it("does not warn that workloadSelector selects an ExternalName Service's pods", () => {
    const fleet: FleetInventory = {
      clusters: [
        cluster("istio-a", "istio", [reviews]),
        cluster("istio-b", "istio", [
          service("bookinfo", "reviews", { type: "ExternalName", ports: [] }),
        ]),
      ],
    };
    const out = compileFleet(
      {
        services: [
          { namespace: "bookinfo", name: "reviews", exports: ["istio-a"], imports: ["istio-b"] },
        ],
      },
      fleet,
    );
    expect(out.warnings.map((w) => w.message).join("\n")).not.toMatch(/also selects the pods/);
  });
});
