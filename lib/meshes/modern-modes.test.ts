// Issue 20's modern mesh modes: the ServiceExport version a cluster serves (MCS v1beta1), GAMMA
// HTTPRoute splits to a ServiceImport (GEP-1748) and Istio ambient multicluster.
import { describe, expect, it } from "vitest";

import type { ServedApis, ServiceScopeConfig } from "../agent-protocol/snapshot";
import { compileFleet, type FleetIntent, type InventoryCluster } from "./index";
import { ISTIO_GLOBAL_LABEL, selectorMatches, serviceScope } from "./istio/ambient";
import { cluster, service } from "./testing/fleet-builder";

const BOTH: ServedApis = {
  "multicluster.x-k8s.io": ["v1alpha1", "v1beta1"],
  "gateway.networking.k8s.io": ["v1", "v1beta1"],
};
const reviews = service("bookinfo", "reviews");
const intent = (over: Partial<FleetIntent["services"][number]> = {}): FleetIntent => ({
  services: [
    { namespace: "bookinfo", name: "reviews", exports: ["a", "b"], imports: ["a", "b"], ...over },
  ],
});
const pair = (
  mesh: InventoryCluster["mesh"],
  over: Partial<InventoryCluster> = {},
  overB: Partial<InventoryCluster> = over,
) => ({ clusters: [cluster("a", mesh, [reviews], over), cluster("b", mesh, [reviews], overB)] });
const texts = (out: ReturnType<typeof compileFleet>, c: string) =>
  out.clusters[c]!.warnings.map((w) => `${w.code}: ${w.message}`);

describe("MCS: the ServiceExport version the cluster serves", () => {
  const version = (servedApis?: ServedApis) =>
    compileFleet(intent(), pair("none", servedApis ? { servedApis } : {})).clusters["a"]!
      .resources[0]!.apiVersion;

  it("writes v1beta1 where served, v1alpha1 where only it is served or nothing was reported", () => {
    expect(version(BOTH)).toBe("multicluster.x-k8s.io/v1beta1");
    expect(version({ "multicluster.x-k8s.io": ["v1alpha1"] })).toBe(
      "multicluster.x-k8s.io/v1alpha1",
    );
    expect(version()).toBe("multicluster.x-k8s.io/v1alpha1");
  });

  it("warns when the cluster serves no MCS API at all", () => {
    const out = compileFleet(intent(), pair("none", { servedApis: {} }));
    expect(texts(out, "a")).toContain(
      "mesh-config-required: a does not serve the MCS API (multicluster.x-k8s.io v1beta1 or v1alpha1): its ServiceExport cannot be applied until an MCS implementation is installed",
    );
  });
});

describe("Gateway API splits (GAMMA, GEP-1748) on Cilium", () => {
  const weighted = intent({ trafficWeights: { a: 80, b: 20 } });

  it("routes an exporting importer's HTTP port to its own Service and the ServiceImport by weight", () => {
    const out = compileFleet(weighted, pair("cilium", { servedApis: BOTH }));
    const route = out.clusters["a"]!.resources.find((r) => r.kind === "HTTPRoute")!;
    expect(route.apiVersion).toBe("gateway.networking.k8s.io/v1");
    expect(route["spec"]).toEqual({
      parentRefs: [{ group: "", kind: "Service", name: "reviews", port: 9080 }],
      rules: [
        {
          backendRefs: [
            { group: "", kind: "Service", name: "reviews", port: 9080, weight: 80 },
            {
              group: "multicluster.x-k8s.io",
              kind: "ServiceImport",
              name: "reviews",
              port: 9080,
              weight: 20,
            },
          ],
        },
      ],
    });
    // The ServiceImport exists because the exporters export through the MCS API too.
    expect(out.clusters["b"]!.resources.map((r) => `${r.apiVersion} ${r.kind}`)).toEqual(
      expect.arrayContaining([
        "multicluster.x-k8s.io/v1beta1 ServiceExport",
        "gateway.networking.k8s.io/v1 HTTPRoute",
      ]),
    );
    expect(texts(out, "a").join("\n")).toMatch(
      /splits bookinfo\/reviews in a 80% to its own Service and 20% to the clusterset's ServiceImport.*b gets less than the intent's weights/,
    );
    expect(texts(out, "a").join("\n")).not.toMatch(/without per-cluster weights/);
  });

  it("keeps today's output, with its warning saying why, where a split cannot say the intent", () => {
    // No Gateway API served; an importer that does not export; no HTTP port.
    const none = compileFleet(weighted, pair("cilium", { servedApis: {} }));
    expect(none.clusters["a"]!.resources.map((r) => r.kind)).toEqual(["Service"]);
    expect(texts(none, "a").join("\n")).toMatch(
      /without per-cluster weights \(a Gateway API split needs HTTPRoute v1/,
    );
    const consumerOnly = compileFleet(
      { services: [{ ...weighted.services[0]!, imports: ["c"] }] },
      {
        clusters: [
          ...pair("cilium", { servedApis: BOTH }).clusters,
          cluster("c", "cilium", [reviews], { servedApis: BOTH }),
        ],
      },
    );
    expect(consumerOnly.clusters["c"]!.resources.some((r) => r.kind === "HTTPRoute")).toBe(false);
    expect(texts(consumerOnly, "c").join("\n")).toMatch(/c does not export it/);
    const tcp = service("bookinfo", "reviews", {
      ports: [{ name: "db", port: 5432, protocol: "TCP" }],
    });
    const noHttp = compileFleet(weighted, {
      clusters: ["a", "b"].map((n) => cluster(n, "cilium", [tcp], { servedApis: BOTH })),
    });
    expect(noHttp.clusters["a"]!.resources.some((r) => r.kind === "HTTPRoute")).toBe(false);
    expect(texts(noHttp, "a").join("\n")).toMatch(/weighs HTTP ports only/);
  });
});

describe("Istio ambient multicluster", () => {
  const globalScope: ServiceScopeConfig[] = [
    {
      servicesSelector: { matchExpressions: [{ key: ISTIO_GLOBAL_LABEL, operator: "Exists" }] },
      scope: "GLOBAL",
    },
  ];
  const ambient = { dataplaneMode: "ambient" as const, meshVersion: "1.29.0" };

  it("labels exporters' Services istio.io/global and writes no ServiceEntry", () => {
    const out = compileFleet(
      intent(),
      pair("istio", { ...ambient, serviceScopeConfigs: globalScope }),
    );
    for (const c of ["a", "b"]) {
      expect(out.clusters[c]!.resources).toHaveLength(1);
      const r = out.clusters[c]!.resources[0]!;
      expect([r.kind, r.metadata.labels?.[ISTIO_GLOBAL_LABEL]]).toEqual(["Service", "true"]);
      expect(r.metadata.annotations?.["meridian.dev/ownership"]).toBe("fields");
      // Only the name: clients call reviews.bookinfo.svc.cluster.local.
      expect(texts(out, c)).toEqual([
        `mesh-cannot-express: Istio ambient serves bookinfo/reviews in ${c} as reviews.bookinfo.svc.cluster.local, not reviews.bookinfo.svc.clusterset.local`,
      ]);
    }
  });

  it("warns where a cluster's own scope configuration keeps the service local, or is unknown", () => {
    const local: ServiceScopeConfig[] = [
      { servicesSelector: { matchLabels: { tier: "x" } }, scope: "GLOBAL" },
    ];
    const out = compileFleet(
      intent(),
      pair("istio", { ...ambient, serviceScopeConfigs: local }, ambient),
    );
    expect(texts(out, "a").join("\n")).toMatch(/Istio in a keeps bookinfo\/reviews local/);
    expect(texts(out, "b").join("\n")).toMatch(
      /the agent of b did not report Istio's serviceScopeConfigs/,
    );
    // Clients use the cluster.local name, not the intent's clusterset one.
    expect(texts(out, "a").join("\n")).toMatch(
      /serves bookinfo\/reviews in a as reviews.bookinfo.svc.cluster.local, not reviews.bookinfo.svc.clusterset.local/,
    );
  });

  it("says what ambient cannot do: failover and weights without waypoints, old versions, sidecar peers", () => {
    const out = compileFleet(
      intent({
        trafficWeights: { a: 50, b: 50 },
        failover: {
          tiers: [{ clusters: [{ name: "a" }] }, { clusters: [{ name: "b" }] }],
        } as never,
      }),
      pair(
        "istio",
        { ...ambient, meshVersion: "1.26.1", serviceScopeConfigs: globalScope },
        { meshVersion: "1.26.1" },
      ),
    );
    const a = texts(out, "a").join("\n");
    expect(a).toMatch(/Istio 1.26.1 in a has no ambient multicluster/);
    expect(a).toMatch(/failover of bookinfo\/reviews: ambient failover needs waypoints/);
    expect(a).toMatch(
      /trafficWeights of bookinfo\/reviews: ambient weighted routing needs waypoints/,
    );
    expect(a).toMatch(/a runs ambient but b runs sidecars/);
  });

  it("reads scope configs as istiod does: any GLOBAL match wins, LOCAL otherwise", () => {
    expect(serviceScope(globalScope, { [ISTIO_GLOBAL_LABEL]: "true" })).toBe("GLOBAL");
    expect(serviceScope(globalScope, { app: "x" })).toBe("LOCAL");
    expect(serviceScope([{ scope: "GLOBAL" }], {})).toBe("GLOBAL");
    expect(serviceScope([{ scope: "LOCAL" }], {})).toBe("LOCAL");
    expect(
      serviceScope([{ namespaceSelector: { matchLabels: { g: "1" } }, scope: "GLOBAL" }], {}),
    ).toBe("unknown");
    expect(
      selectorMatches(
        { matchExpressions: [{ key: "t", operator: "NotIn", values: ["a"] }] },
        { t: "b" },
      ),
    ).toBe(true);
    expect(
      selectorMatches({ matchExpressions: [{ key: "t", operator: "DoesNotExist" }] }, { t: "b" }),
    ).toBe(false);
  });
});
