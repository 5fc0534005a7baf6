import { describe, expect, it } from "vitest";

import { routeDemoTraffic, type RoutingInput, type RoutedEdge } from "./traffic-routes";

// The demo fleet (fleets/distributed-bookinfo.yaml and the VM site) and its seeded intent
// (lib/services/inventory/demo-seed.ts): ratings exported by east-2 and ratings-legacy, imported by east-1.
const CLUSTERS: RoutingInput["clusters"] = [
  { name: "east-1", services: ["productpage", "details", "reviews"] },
  { name: "east-2", services: ["details", "reviews", "ratings"], scale: 0.65 },
  { name: "west-1", services: ["productpage", "reviews", "ratings"], scale: 0.4 },
  { name: "ratings-legacy", services: ["ratings"] },
];
const RATINGS = {
  namespace: "bookinfo",
  name: "ratings",
  hostname: "ratings.bookinfo.global",
  exports: ["east-2", "ratings-legacy"],
  imports: ["east-1"],
  failover: {
    tiers: [{ clusters: [{ name: "east-2" }] }, { clusters: [{ name: "ratings-legacy" }] }],
    outlierDetection: {
      consecutive5xxErrors: 5,
      interval: "10s",
      baseEjectionTime: "30s",
      maxEjectionPercent: 100,
    },
  },
  trafficWeights: null,
  access: null,
};

const crossing = (edges: RoutedEdge[]) =>
  edges
    .filter((e) => e.sourceCluster !== e.destinationCluster)
    .map((e) => `${e.sourceCluster}/${e.source}>${e.destinationCluster}/${e.destination} ${e.kind}`)
    .sort();

describe("routeDemoTraffic", () => {
  it("crosses clusters only where a service is imported (reviews is not shared)", () => {
    const edges = routeDemoTraffic({ clusters: CLUSTERS, intents: [RATINGS] });
    expect(crossing(edges)).toEqual(["east-1/reviews>east-2/ratings imported"]);
    const imported = edges.find((e) => e.kind === "imported")!;
    expect(imported.host).toBe("ratings.bookinfo.global");
    // east-1's reviews serve its productpage's 10 rps; 65 % of them call ratings.
    expect(imported.rps).toBeCloseTo(6.5);
  });

  it("sends nothing across clusters without intent, and nothing to a service not run locally", () => {
    const edges = routeDemoTraffic({ clusters: CLUSTERS, intents: [] });
    expect(crossing(edges)).toEqual([]);
    expect(edges.some((e) => e.sourceCluster === "east-1" && e.destination === "ratings")).toBe(
      false,
    );
  });

  it("follows the failover tiers when the first tier's endpoints fail", () => {
    const edges = routeDemoTraffic({
      clusters: CLUSTERS,
      intents: [RATINGS],
      failed: ["east-2/ratings"],
    });
    expect(crossing(edges)).toEqual(["east-1/reviews>ratings-legacy/ratings imported"]);
  });

  it("answers 503s from a failed instance nobody fails over from", () => {
    const edges = routeDemoTraffic({
      clusters: CLUSTERS,
      intents: [RATINGS],
      failed: ["west-1/ratings"],
    });
    const west = edges.find(
      (e) => e.destinationCluster === "west-1" && e.destination === "ratings",
    );
    expect(west?.errorRate).toBe(1);
    expect(crossing(edges)).toEqual(["east-1/reviews>east-2/ratings imported"]);
  });

  it("drops the imported flow when the import is rolled back", () => {
    const edges = routeDemoTraffic({
      clusters: CLUSTERS,
      intents: [{ ...RATINGS, imports: [] }],
    });
    expect(crossing(edges)).toEqual([]);
  });

  it("splits a tier by its weights", () => {
    const edges = routeDemoTraffic({
      clusters: CLUSTERS,
      intents: [
        {
          ...RATINGS,
          failover: {
            ...RATINGS.failover,
            tiers: [
              {
                clusters: [
                  { name: "east-2", weight: 75 },
                  { name: "ratings-legacy", weight: 25 },
                ],
              },
            ],
          },
        },
      ],
    });
    const rps = Object.fromEntries(
      edges.filter((e) => e.kind === "imported").map((e) => [e.destinationCluster, e.rps]),
    );
    expect(rps["east-2"]).toBeCloseTo(6.5 * 0.75);
    expect(rps["ratings-legacy"]).toBeCloseTo(6.5 * 0.25);
  });

  it("starts one bypassing flow on request, marked unmanaged", () => {
    const edges = routeDemoTraffic({
      clusters: CLUSTERS,
      intents: [RATINGS],
      bypass: [{ from: "west-1", service: "details" }],
    });
    expect(crossing(edges)).toEqual([
      "east-1/reviews>east-2/ratings imported",
      "west-1/productpage>east-1/details unmanaged",
    ]);
  });
});
