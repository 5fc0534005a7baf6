import { describe, expect, it } from "vitest";

import { parseIntent } from "./index";
import { bookinfoFleet, RICH_INTENT } from "./testing/bookinfo";

const fleet = bookinfoFleet("istio");
const codes = (input: unknown) => {
  const r = parseIntent(input, fleet);
  return r.ok ? [] : r.errors.map((e) => e.code);
};
const one = (svc: Record<string, unknown>) => ({
  services: [{ namespace: "bookinfo", name: "reviews", ...svc }],
});

describe("parseIntent / validateIntent", () => {
  it("accepts the rich Bookinfo intent and defaults outlier detection", () => {
    expect(codes(RICH_INTENT)).toEqual([]);
    const r = parseIntent(
      one({ exports: ["east-1"], failover: { tiers: [{ clusters: [{ name: "east-1" }] }] } }),
      fleet,
    );
    expect(r.ok && r.intent.services[0]?.failover?.outlierDetection).toEqual({
      consecutive5xxErrors: 5,
      interval: "10s",
      baseEjectionTime: "30s",
      maxEjectionPercent: 100,
    });
  });

  it("reports unknown clusters and services", () => {
    expect(codes(one({ exports: ["nowhere"] }))).toEqual(["unknown-cluster"]);
    expect(
      codes({ services: [{ namespace: "bookinfo", name: "ratings", exports: ["east-1"] }] }),
    ).toEqual(["unknown-service"]);
    expect(codes(one({ imports: ["mars"], access: ["venus"] }))).toEqual([
      "unknown-cluster",
      "unknown-cluster",
    ]);
  });

  it("rejects cluster names that are not RFC 1123 labels", () => {
    const r = parseIntent(one({ exports: ["East_1"] }), fleet);
    expect(r.ok ? [] : r.errors).toEqual([
      expect.objectContaining({
        code: "invalid-cluster-name",
        path: ["services", 0, "exports", 0],
        globalService: "bookinfo/reviews",
      }),
    ]);
  });

  it("rejects a tier naming a cluster twice and tiers naming non-exporters", () => {
    const tiers = [
      { clusters: [{ name: "east-1" }] },
      { clusters: [{ name: "east-1" }, { name: "west-1" }] },
    ];
    expect(codes(one({ exports: ["east-1", "east-2"], failover: { tiers } }))).toEqual([
      "duplicate-tier-cluster",
      "tier-cluster-not-exported",
    ]);
  });

  it("rejects weights that do not sum to 100, name non-exporters, or come with failover", () => {
    expect(
      codes(one({ exports: ["east-1", "east-2"], trafficWeights: { "east-1": 50, "east-2": 40 } })),
    ).toEqual(["weights-sum"]);
    expect(
      codes(one({ exports: ["east-1"], trafficWeights: { "east-1": 50, "west-1": 50 } })),
    ).toEqual(["weight-cluster-not-exported"]);
    expect(
      codes(
        one({
          exports: ["east-1"],
          trafficWeights: { "east-1": 100 },
          failover: { tiers: [{ clusters: [{ name: "east-1" }] }] },
        }),
      ),
    ).toEqual(["weights-with-failover"]);
    const tiers = [{ clusters: [{ name: "east-1", weight: 60 }, { name: "east-2" }] }];
    expect(codes(one({ exports: ["east-1", "east-2"], failover: { tiers } }))).toEqual([
      "tier-weights",
    ]);
  });

  it("checks the hostname form and duplicate global services", () => {
    expect(codes(one({ hostname: "reviews.bookinfo.svc.clusterset.local" }))).toEqual([]);
    expect(codes(one({ hostname: "reviews.example.com" }))).toEqual(["hostname-mismatch"]);
    expect(codes({ services: [one({}).services[0], one({}).services[0]] })).toEqual([
      "duplicate-global-service",
    ]);
  });

  it("turns schema problems into typed errors instead of throwing", () => {
    expect(codes({ services: [{ namespace: "Bad NS", name: "x" }] })).toEqual(["invalid-schema"]);
    expect(codes(one({ failover: { tiers: [] } }))).toEqual(["invalid-schema"]);
  });
});
