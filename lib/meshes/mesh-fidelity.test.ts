// Issue 20: Consul, Linkerd, Cilium and MCS output read against each mesh's documentation and
// admission webhooks. One describe per numbered defect of the issue (Istio's are in
// istio-fidelity.test.ts).
import { describe, expect, it } from "vitest";

import { MANAGED_BY_LABEL, type DesiredResource } from "../agent-protocol/messages";
import { compileFleet, type Failover, type FleetIntent, type FleetInventory } from "./index";
import { cluster, service } from "./testing/fleet-builder";

const spec = (r: DesiredResource | undefined) => (r?.["spec"] ?? {}) as Record<string, unknown>;
const ofKind = (rs: DesiredResource[] | undefined, kind: string) =>
  (rs ?? []).filter((r) => r.kind === kind);
const messages = (out: ReturnType<typeof compileFleet>, c?: string) =>
  (c ? out.clusters[c]!.warnings : out.warnings).map((w) => `${w.code}: ${w.message}`).join("\n");
const OD = {
  consecutive5xxErrors: 5,
  interval: "10s",
  baseEjectionTime: "30s",
  maxEjectionPercent: 100,
};
const tiers = (...t: string[][]) => ({
  tiers: t.map((names) => ({ clusters: names.map((name) => ({ name })) })),
  outlierDetection: OD,
});

describe("defect 2: consul-k8s webhook uniqueness", () => {
  const fleet: FleetInventory = {
    clusters: [
      cluster("consul-a", "consul", [service("bookinfo", "reviews"), service("shop", "reviews")]),
      cluster("consul-b", "consul", []),
    ],
  };
  const intent: FleetIntent = {
    services: ["bookinfo", "shop"].map((namespace) => ({
      namespace,
      name: "reviews",
      exports: ["consul-a"],
      imports: ["consul-b"],
    })),
  };
  const out = compileFleet(intent, fleet);

  it("one ServiceIntentions per destination name (ServiceIntentionsWebhook)", () => {
    const si = ofKind(out.clusters["consul-a"]!.resources, "ServiceIntentions");
    expect(si.map((r) => (spec(r)["destination"] as { name: string }).name)).toEqual(["reviews"]);
    expect(spec(si[0])["sources"]).toEqual([{ name: "*", peer: "consul-b", action: "allow" }]);
  });

  it("ServiceResolver names are unique across namespaces (ValidateConfigEntry)", () => {
    const names = ofKind(out.clusters["consul-b"]!.resources, "ServiceResolver").map(
      (r) => r.metadata.name,
    );
    expect(names).toEqual([...new Set(names)]);
    expect(names).toEqual(["reviews"]);
  });
});

describe("defect 3: resources in namespaces the cluster lacks", () => {
  const fleet: FleetInventory = {
    clusters: [
      cluster("istio-a", "istio", [service("payments", "ledger")]),
      cluster("istio-b", "istio", [service("bookinfo", "reviews")]),
    ],
  };
  const base = {
    namespace: "payments",
    name: "ledger",
    exports: ["istio-a"],
    imports: ["istio-b"],
  };

  it("warns in the plan that applying fails without the namespace", () => {
    const out = compileFleet({ services: [base] }, fleet);
    const w = out.clusters["istio-b"]!.warnings.find((x) => x.code === "namespace-missing");
    expect(w?.message).toMatch(/istio-b has no namespace payments/);
    expect(ofKind(out.clusters["istio-b"]!.resources, "Namespace")).toEqual([]);
  });

  it("with createNamespace, the agent creates it as Meridian's and nothing warns", () => {
    const out = compileFleet({ services: [{ ...base, createNamespace: true }] }, fleet);
    const [ns] = ofKind(out.clusters["istio-b"]!.resources, "Namespace");
    expect(ns?.metadata.name).toBe("payments");
    expect(ns?.metadata.labels?.[MANAGED_BY_LABEL]).toBe("meridian");
    expect(out.clusters["istio-b"]!.warnings.map((w) => w.code)).not.toContain("namespace-missing");
    // The exporter has the namespace: nothing is created there.
    expect(ofKind(out.clusters["istio-a"]!.resources, "Namespace")).toEqual([]);
  });
});

describe("defect 4: Consul failover follows the tiers", () => {
  const fleet: FleetInventory = {
    clusters: [
      cluster("consul-a", "consul", [service("bookinfo", "reviews")]),
      cluster("consul-b", "consul", [service("bookinfo", "reviews")]),
      cluster("consul-c", "consul", [service("bookinfo", "reviews")]),
      cluster("consul-d", "consul", []),
    ],
  };
  const out = compileFleet(
    {
      services: [
        {
          namespace: "bookinfo",
          name: "reviews",
          exports: ["consul-a", "consul-b"],
          imports: ["consul-b", "consul-c", "consul-d"],
          failover: tiers(["consul-a"], ["consul-b"]),
        },
      ],
    },
    fleet,
  );
  const resolvers = (c: string) => ofKind(out.clusters[c]!.resources, "ServiceResolver");

  it("a later-tier exporter redirects to a failover chain that starts at tier 1", () => {
    const rs = resolvers("consul-b");
    const local = rs.find((r) => r.metadata.name === "reviews");
    const redirect = spec(local)["redirect"] as { service: string };
    expect(spec(local)["failover"]).toBeUndefined();
    const chain = rs.find((r) => r.metadata.name === redirect.service);
    expect(spec(chain)["failover"]).toEqual({
      "*": { targets: [{ peer: "consul-a", service: "reviews" }] },
    });
    expect(messages(out, "consul-b")).toMatch(/consul-b's own instances/);
  });

  it("a bystander with its own reviews is redirected too; a cluster without one keeps plain failover", () => {
    expect(
      spec(resolvers("consul-c").find((r) => r.metadata.name === "reviews"))["redirect"],
    ).toBeDefined();
    const [plain, ...rest] = resolvers("consul-d");
    expect(rest).toEqual([]);
    expect(spec(plain)["failover"]).toEqual({
      "*": {
        targets: [
          { peer: "consul-a", service: "reviews" },
          { peer: "consul-b", service: "reviews" },
        ],
      },
    });
  });
});

describe("defect 5: Linkerd access warnings say what Linkerd does", () => {
  it("import-not-allowed does not claim Linkerd, Cilium or the MCS API deny calls", () => {
    for (const mesh of ["linkerd", "cilium", "none"] as const) {
      const fleet: FleetInventory = {
        clusters: [
          cluster("a", mesh, [service("bookinfo", "reviews")]),
          cluster("b", mesh, [service("bookinfo", "reviews")]),
          cluster("c", mesh, [service("bookinfo", "reviews")]),
        ],
      };
      const out = compileFleet(
        {
          services: [
            {
              namespace: "bookinfo",
              name: "reviews",
              exports: ["a"],
              imports: ["b", "c"],
              access: ["b"],
            },
          ],
        },
        fleet,
      );
      const w = out.clusters["c"]!.warnings.find((x) => x.code === "import-not-allowed");
      expect(w?.message).toBeDefined();
      expect(w?.message).not.toMatch(/calls are denied/);
      expect(w?.message).toMatch(/not denied/);
    }
  });
});

describe("defect 7: Cilium exporters do not silently become consumers", () => {
  const fleet: FleetInventory = {
    clusters: [
      cluster("c1", "cilium", [service("bookinfo", "reviews")]),
      cluster("c2", "cilium", [service("bookinfo", "reviews")]),
      cluster("c3", "cilium", [service("bookinfo", "reviews")]),
    ],
  };
  const out = compileFleet(
    {
      services: [
        { namespace: "bookinfo", name: "reviews", exports: ["c1", "c2"], imports: ["c3"] },
      ],
    },
    fleet,
  );
  const ann = (c: string) => ofKind(out.clusters[c]!.resources, "Service")[0]?.metadata.annotations;

  it("an exporter that does not import keeps its clients local (affinity local) and says so", () => {
    expect(ann("c1")?.["service.cilium.io/affinity"]).toBe("local");
    expect(messages(out, "c1")).toMatch(/c1's own clients .* other exporters/);
  });

  it("an importer's own endpoints joining the pool are named", () => {
    expect(messages(out, "c3")).toMatch(/c3's own 2 ready endpoints/);
  });
});

describe("defect 9: Cilium tier weights", () => {
  it("warns that weights within a tier are dropped", () => {
    const fleet: FleetInventory = {
      clusters: ["c1", "c2", "c3"].map((n) =>
        cluster(n, "cilium", [service("bookinfo", "reviews")]),
      ),
    };
    const failover: Failover = {
      tiers: [
        {
          clusters: [
            { name: "c1", weight: 80 },
            { name: "c2", weight: 20 },
          ],
        },
        { clusters: [{ name: "c3" }] },
      ],
      outlierDetection: OD,
    };
    const out = compileFleet(
      {
        services: [
          {
            namespace: "bookinfo",
            name: "reviews",
            exports: ["c1", "c2", "c3"],
            imports: ["c3"],
            failover,
          },
        ],
      },
      fleet,
    );
    expect(messages(out, "c3")).toMatch(/Cilium cannot weight clusters within a failover tier/);
  });
});

describe("defect 10: Linkerd federated services on 2.17+", () => {
  const fleet = (version: string): FleetInventory => ({
    clusters: ["l1", "l2"].map((n) =>
      cluster(n, "linkerd", [service("bookinfo", "reviews")], {
        network: "flat",
        meshVersion: version,
      }),
    ),
  });
  const intent: FleetIntent = {
    services: [
      {
        namespace: "bookinfo",
        name: "reviews",
        hostname: "reviews.bookinfo.global",
        exports: ["l1"],
        imports: ["l2"],
        failover: tiers(["l1"]),
      },
    ],
  };

  it("2.17 exporters join the federated service; the importer's Link selects federated members", () => {
    const out = compileFleet(intent, fleet("stable-2.17.1"));
    const svc = ofKind(out.clusters["l1"]!.resources, "Service")[0];
    expect(svc?.metadata.labels?.["mirror.linkerd.io/federated"]).toBe("member");
    const link = ofKind(out.clusters["l2"]!.resources, "Link")[0];
    expect(spec(link)["federatedServiceSelector"]).toEqual({
      matchLabels: { "mirror.linkerd.io/federated": "member", "consumer.meridian.dev/l2": "true" },
    });
    const text = messages(out, "l2");
    expect(text).toMatch(/reviews-federated\.bookinfo\.svc\.cluster\.local/);
    expect(text).not.toMatch(/there is no global alias/);
    expect(text).toMatch(/linkerd-failover .*deprecated/);
  });

  it("2.16 keeps per-cluster mirrors", () => {
    const out = compileFleet(intent, fleet("stable-2.16.4"));
    const svc = ofKind(out.clusters["l1"]!.resources, "Service")[0];
    expect(svc?.metadata.labels?.["mirror.linkerd.io/federated"]).toBeUndefined();
    expect(messages(out, "l2")).toMatch(/no global alias/);
  });
});

describe("defect 13 (MCS): imports cannot narrow a clusterset", () => {
  it("warns whenever the imports list leaves clusters out, even without access", () => {
    const fleet: FleetInventory = {
      clusters: ["m1", "m2", "m3"].map((n) => cluster(n, "none", [service("bookinfo", "reviews")])),
    };
    const out = compileFleet(
      { services: [{ namespace: "bookinfo", name: "reviews", exports: ["m1"], imports: ["m2"] }] },
      fleet,
    );
    expect(messages(out, "m1")).toMatch(/clusterset/);
    expect(messages(out, "m1")).toMatch(/m3/);
  });
});
