import { describe, expect, it } from "vitest";

import type { DesiredResource } from "../../agent-protocol/messages";
import { compileFleet, validateIntent, type FleetIntent } from "../index";
import { bookinfoFleet, RICH_INTENT } from "../testing/bookinfo";
import { compilationYaml, expectGolden } from "../testing/golden";

type LbSetting = { distribute?: unknown; failover?: unknown; failoverPriority?: string[] };
const spec = (r: DesiredResource) => r["spec"] as Record<string, unknown>;
const trafficPolicy = (r: DesiredResource) =>
  spec(r)["trafficPolicy"] as {
    outlierDetection?: unknown;
    loadBalancer?: { localityLbSetting?: LbSetting };
  };

function all(intent: FleetIntent) {
  return Object.values(compileFleet(intent, bookinfoFleet("istio")).clusters).flatMap(
    (c) => c.resources,
  );
}

describe("Istio translator", () => {
  it("matches the golden output for the rich Bookinfo intent", () => {
    expectGolden("istio.yaml", compilationYaml(compileFleet(RICH_INTENT, bookinfoFleet("istio"))));
  });

  it("imports get a ServiceEntry and DestinationRule for the global host; exporters only what crosses networks", () => {
    const out = compileFleet(RICH_INTENT, bookinfoFleet("istio"));
    const kinds = (c: string) =>
      out.clusters[c]?.resources.map((r) => `${r.kind} ${r.metadata.name}`);
    // east-2 (net-east) exports details and reviews to west-1 (net-west), and ratings to
    // east-1 (its own network): only details and reviews cross the east-west gateway.
    expect(kinds("east-2")).toEqual([
      expect.stringMatching(/^Gateway meridian-eastwest-details-bookinfo-/),
      expect.stringMatching(/^Gateway meridian-eastwest-reviews-bookinfo-/),
      expect.stringMatching(/^ServiceEntry meridian-details-bookinfo-/),
      expect.stringMatching(/^ServiceEntry meridian-reviews-bookinfo-/),
      expect.stringMatching(/^AuthorizationPolicy meridian-details-bookinfo-/),
    ]);
    const se = out.clusters["west-1"]?.resources.find(
      (r) => r.kind === "ServiceEntry" && spec(r)["hosts"],
    );
    expect(spec(se!)["hosts"]).toEqual([
      expect.stringMatching(/\.bookinfo\.(global|svc\.clusterset\.local)$/),
    ]);
  });

  it("always sets outlierDetection with failover and never mixes distribute/failover/failoverPriority", () => {
    const rules = all(RICH_INTENT).filter((r) => r.kind === "DestinationRule");
    expect(rules.length).toBeGreaterThan(0);
    let withFailover = 0;
    for (const dr of rules) {
      const lb = trafficPolicy(dr).loadBalancer?.localityLbSetting;
      if (!lb) continue;
      withFailover++;
      expect(trafficPolicy(dr).outlierDetection).toBeDefined();
      const set = [lb.distribute, lb.failover, lb.failoverPriority].filter((x) => x !== undefined);
      expect(set.length).toBeLessThanOrEqual(1);
      expect(lb.distribute).toBeUndefined();
    }
    expect(withFailover).toBe(2); // reviews, imported by east-1 and west-1
  });

  it("orders three tiers with a region/cluster label chain", () => {
    const dr = all(RICH_INTENT).find(
      (r) => r.kind === "DestinationRule" && spec(r)["host"] === "reviews.bookinfo.global",
    );
    expect(trafficPolicy(dr!).loadBalancer?.localityLbSetting?.failoverPriority).toEqual([
      "topology.kubernetes.io/region=us-east-1",
      "topology.istio.io/cluster=east-1",
    ]);
  });

  it("warns when a tier union cannot be selected by one label", () => {
    const intent: FleetIntent = {
      services: [
        {
          ...RICH_INTENT.services[0]!,
          failover: {
            ...RICH_INTENT.services[0]!.failover!,
            tiers: [
              { clusters: [{ name: "east-1" }, { name: "west-1" }] },
              { clusters: [{ name: "east-2" }] },
            ],
          },
        },
      ],
    };
    const out = compileFleet(intent, bookinfoFleet("istio"));
    expect(
      out.warnings.some(
        (w) => w.code === "mesh-cannot-express" && w.message.includes("share one priority"),
      ),
    ).toBe(true);
    const dr = out.clusters["east-1"]?.resources.find((r) => r.kind === "DestinationRule");
    expect(trafficPolicy(dr!).outlierDetection).toBeDefined();
  });

  it("routes weights through a VirtualService over per-cluster subsets, without locality settings", () => {
    const res = all(RICH_INTENT);
    const vs = res.find((r) => r.kind === "VirtualService");
    expect(spec(vs!)["http"]).toEqual([
      {
        route: [
          {
            destination: { host: "ratings.bookinfo.svc.clusterset.local", subset: "east-2" },
            weight: 80,
          },
          {
            destination: { host: "ratings.bookinfo.svc.clusterset.local", subset: "west-1" },
            weight: 20,
          },
        ],
      },
    ]);
    const dr = res.find((r) => r.kind === "DestinationRule" && spec(r)["subsets"]);
    expect(trafficPolicy(dr!).loadBalancer).toBeUndefined();
  });

  it("rejects weights together with failover", () => {
    const intent: FleetIntent = {
      services: [{ ...RICH_INTENT.services[0]!, trafficWeights: { "east-1": 50, "east-2": 50 } }],
    };
    expect(validateIntent(intent, bookinfoFleet("istio")).map((e) => e.code)).toEqual([
      "weights-with-failover",
    ]);
  });

  it("warns that clusters sharing a trust domain cannot be told apart by an AuthorizationPolicy", () => {
    const out = compileFleet(RICH_INTENT, bookinfoFleet("istio"));
    const w = out.clusters["west-1"]?.warnings.find((x) =>
      x.message.includes("cannot deny east-2"),
    );
    expect(w?.globalService).toBe("bookinfo/productpage");
  });
});
