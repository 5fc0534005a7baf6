import { describe, expect, it } from "vitest";
import type { IntentDto } from "@/lib/model/intent";
import { whoServesWhom, type Instance } from "./serving";

const intent = (over: Partial<IntentDto>): IntentDto => ({
  namespace: "bookinfo",
  name: "reviews",
  hostname: "reviews.bookinfo.global",
  version: 1,
  exports: [],
  imports: [],
  failover: null,
  trafficWeights: null,
  access: null,
  ...over,
});
const up = (cluster: string, ready = 2): Instance => ({ cluster, ready, total: 2, stale: false });
const OUTLIER = {
  consecutive5xxErrors: 5,
  interval: "10s",
  baseEjectionTime: "30s",
  maxEjectionPercent: 100,
};

describe("whoServesWhom", () => {
  it("serves a consumer locally first, then the failover tiers in order, with weights", () => {
    const served = whoServesWhom(
      intent({
        exports: ["east-1", "east-2", "west-1"],
        imports: ["central-1"],
        failover: {
          tiers: [
            { clusters: [{ name: "east-1" }] },
            {
              clusters: [
                { name: "east-2", weight: 70 },
                { name: "west-1", weight: 30 },
              ],
            },
          ],
          outlierDetection: OUTLIER,
        },
      }),
      [up("east-1"), up("east-2"), up("west-1")],
    );
    expect(served.consumers.map((c) => c.cluster)).toEqual([
      "central-1",
      "east-1",
      "east-2",
      "west-1",
    ]);
    const central = served.consumers[0]!.servedBy;
    expect(central.map((s) => [s.cluster, s.tier, s.weight ?? null, s.local])).toEqual([
      ["east-1", 1, null, false],
      ["east-2", 2, 70, false],
      ["west-1", 2, 30, false],
    ]);
    const west = served.consumers.find((c) => c.cluster === "west-1")!.servedBy;
    expect(west.map((s) => [s.cluster, s.tier, s.local])).toEqual([
      ["west-1", 0, true],
      ["east-1", 1, false],
      ["east-2", 2, false],
    ]);
  });

  it("marks stale clusters and clusters without ready endpoints unhealthy", () => {
    const served = whoServesWhom(intent({ exports: ["east-1", "east-2", "west-1"] }), [
      up("east-1", 0),
      { ...up("east-2"), stale: true },
      up("west-1"),
    ]);
    const east1 = served.consumers.find((c) => c.cluster === "east-1")!.servedBy;
    expect(east1.map((s) => [s.cluster, s.healthy, s.endpoints.ready])).toEqual([
      ["east-1", false, 0],
      ["east-2", false, 2],
      ["west-1", true, 2],
    ]);
    // Without failover every other exporter is one tier.
    expect(east1.slice(1).every((s) => s.tier === 1)).toBe(true);
  });

  it("lists nobody for a consumer when nothing is exported", () => {
    const served = whoServesWhom(intent({ imports: ["west-1"] }), []);
    expect(served.consumers).toEqual([{ cluster: "west-1", servedBy: [] }]);
  });
});
