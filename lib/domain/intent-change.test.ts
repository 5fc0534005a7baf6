import { describe, expect, it } from "vitest";
import type { IntentChange, IntentDto } from "@/lib/model/intent";
import { compileFleet, type FleetInventory } from "@/lib/meshes";
import { bookinfoFleet } from "@/lib/meshes/testing/bookinfo";
import {
  affectedClusters,
  applyIntentChanges,
  exportsByAge,
  fleetIntentOf,
  IntentChangeError,
  inverseChanges,
  planIntent,
} from "./intent-change";

const dto = (name: string, over: Partial<IntentDto> = {}): IntentDto => ({
  namespace: "bookinfo",
  name,
  hostname: `${name}.bookinfo.global`,
  version: 1,
  exports: [],
  imports: [],
  failover: null,
  trafficWeights: null,
  access: null,
  ...over,
});
const NONE: IntentDto[] = ["productpage", "details", "reviews", "ratings"].map((n) => dto(n));
const change = (over: Partial<IntentChange> = {}): IntentChange => ({
  namespace: "bookinfo",
  name: "reviews",
  version: 1,
  ...over,
});
const OUTLIER = {
  consecutive5xxErrors: 5,
  interval: "10s",
  baseEjectionTime: "30s",
  maxEjectionPercent: 100,
};

/** The typed error thrown by `fn`, for asserting kind and code. */
function errorOf(fn: () => unknown): IntentChangeError {
  try {
    fn();
  } catch (error) {
    if (error instanceof IntentChangeError) return error;
    throw error;
  }
  throw new Error("expected an IntentChangeError");
}

describe("applyIntentChanges", () => {
  const fleet = bookinfoFleet("istio");

  it("sets only the fields a change names and keeps the version it was read at", () => {
    const current = NONE.map((s) => (s.name === "reviews" ? { ...s, access: ["east-1"] } : s));
    const after = applyIntentChanges(current, [change({ exports: ["east-1", "east-2"] })], fleet);
    expect(after.find((s) => s.name === "reviews")).toMatchObject({
      exports: ["east-1", "east-2"],
      imports: [],
      access: ["east-1"],
      version: 1,
    });
    // null clears a field; undefined leaves it alone.
    const cleared = applyIntentChanges(current, [change({ access: null })], fleet);
    expect(cleared.find((s) => s.name === "reviews")?.access).toBeNull();
    expect(current.find((s) => s.name === "reviews")?.access).toEqual(["east-1"]);
  });

  it("refuses with typed errors: unknown service, stale version, invalid change", () => {
    const cases: [IntentChange[], IntentChangeError["kind"], string, RegExp][] = [
      [[change({ name: "nosuch" })], "not_found", "not_found", /bookinfo\/nosuch not found/],
      [
        [change({ version: 2 })],
        "unprocessable",
        "unknown_version",
        /has no version 2 \(the latest is 1\)/,
      ],
      [
        [change({ exports: ["mars-1"] })],
        "unprocessable",
        "unknown_cluster",
        /unknown cluster mars-1/,
      ],
      [[change({ imports: ["<b>x</b>"] })], "unprocessable", "invalid_cluster_name", /RFC 1123/],
      [
        [change({ exports: ["east-1", "east-1"] })],
        "unprocessable",
        "duplicate_cluster",
        /listed twice/,
      ],
      [[change({ exports: ["east-2"] }), change()], "unprocessable", "duplicate_change", /twice/],
      [
        [
          change({
            exports: ["east-1", "east-2"],
            failover: {
              tiers: [{ clusters: [{ name: "east-1" }] }, { clusters: [{ name: "east-1" }] }],
              outlierDetection: OUTLIER,
            },
          }),
        ],
        "unprocessable",
        "duplicate_tier_cluster",
        /east-1 more than once/,
      ],
      [
        [
          change({
            exports: ["east-1", "east-2"],
            failover: {
              tiers: [
                {
                  clusters: [
                    { name: "east-1", weight: 60 },
                    { name: "east-2", weight: 30 },
                  ],
                },
              ],
              outlierDetection: OUTLIER,
            },
          }),
        ],
        "unprocessable",
        "tier_weights",
        /sum to 100/,
      ],
      [
        [change({ exports: ["east-1", "east-2"], trafficWeights: { "east-1": 50, "east-2": 40 } })],
        "unprocessable",
        "weights_sum",
        /sum to 90, not 100/,
      ],
      // east-2 runs no productpage: it cannot export one.
      [
        [change({ name: "productpage", exports: ["east-2"] })],
        "unprocessable",
        "unknown_service",
        /no service/,
      ],
    ];
    // A version older than the stored one: changed since it was read.
    const bumped = NONE.map((s) => (s.name === "reviews" ? { ...s, version: 3 } : s));
    const stale = errorOf(() => applyIntentChanges(bumped, [change({ version: 2 })], fleet));
    expect({ kind: stale.kind, code: stale.code }).toEqual({
      kind: "conflict",
      code: "stale_version",
    });
    expect(stale.message).toMatch(/version 2, now 3/);
    for (const [changes, kind, code, message] of cases) {
      const error = errorOf(() => applyIntentChanges(NONE, changes, fleet));
      expect({ kind: error.kind, code: error.code }).toEqual({ kind, code });
      expect(error.message).toMatch(message);
    }
  });

  it("orders exporters by age and importers by name, whatever order the change sends", () => {
    const current = NONE.map((s) =>
      s.name === "reviews" ? { ...s, exports: ["west-1"], imports: ["east-1"] } : s,
    );
    const after = applyIntentChanges(
      current,
      [change({ exports: ["east-2", "west-1", "east-1"], imports: ["west-1", "east-2"] })],
      fleet,
    );
    // west-1 already exports, so it stays the oldest; the two new exporters start together.
    expect(after.find((s) => s.name === "reviews")).toMatchObject({
      exports: ["west-1", "east-1", "east-2"],
      imports: ["east-2", "west-1"],
    });
  });
});

describe("exportsByAge", () => {
  it("keeps the current exporters' order, appends the new ones by name, keeps duplicates", () => {
    expect(exportsByAge(["c", "a"], ["b", "a", "c", "a-1"])).toEqual(["c", "a", "a-1", "b"]);
    expect(exportsByAge([], ["b", "a", "b"])).toEqual(["a", "b", "b"]);
    expect(exportsByAge(["a", "b"], ["b"])).toEqual(["b"]);
  });
});

describe("planIntent", () => {
  const fleet: FleetInventory = {
    clusters: bookinfoFleet("istio").clusters.map((c) =>
      c.name === "west-1" ? { ...c, mesh: "linkerd" as const } : c,
    ),
  };
  const share = applyIntentChanges(
    NONE,
    [change({ exports: ["east-1", "east-2"], imports: ["east-1"] })],
    fleet,
  );
  const changed = new Set(["bookinfo/reviews"]);

  it("describes only the clusters the change touches, with mesh, ids and a YAML diff", () => {
    const { plan, desired } = planIntent(NONE, share, changed, fleet);
    // Istio keeps an export cluster-local: only the importer east-1 gets resources.
    expect(plan.clusters.map((c) => [c.cluster, c.mesh])).toEqual([["east-1", "istio"]]);
    for (const c of plan.clusters) {
      expect(c.create).toBe(c.resources.create.length);
      expect(c.change + c.delete).toBe(0);
      expect(c.diff.split("\n").every((l) => l === "---" || l.startsWith("+"))).toBe(true);
    }
    expect(plan.clusters[0]!.resources.create.join()).toMatch(/DestinationRule/);
    // What apply writes is each touched cluster's full compiled set.
    const full = compileFleet(fleetIntentOf(share), fleet);
    expect(desired["east-1"]).toEqual(full.clusters["east-1"]!.resources);
    expect(Object.keys(desired)).toEqual(["east-1"]);
  });

  it("diffs against the stored desired state when given, so drift shows up", () => {
    const stray = {
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: { namespace: "bookinfo", name: "stray" },
    };
    const { plan } = planIntent(NONE, share, changed, fleet, { "east-2": [stray] });
    const east2 = plan.clusters.find((c) => c.cluster === "east-2")!;
    expect(east2.resources.delete).toEqual(["/ConfigMap/bookinfo/stray"]);
    expect(east2.diff).toMatch(/^-kind: ConfigMap$/m);
  });

  it("an export revoked from the last exporter removes the import everywhere", () => {
    const both = applyIntentChanges(
      NONE,
      [change({ exports: ["east-1"], imports: ["east-2", "west-1"] })],
      fleet,
    );
    const shared = both.map((s) => (s.name === "reviews" ? { ...s, version: 2 } : s));
    const revoked = applyIntentChanges(shared, [change({ version: 2, exports: [] })], fleet);
    const before = compileFleet(fleetIntentOf(shared), fleet);
    const { plan, desired } = planIntent(shared, revoked, changed, fleet);
    expect(plan.clusters.map((c) => c.cluster).sort()).toEqual(
      ["east-1", "east-2", "west-1"].filter((c) => before.clusters[c]!.resources.length > 0),
    );
    for (const c of plan.clusters) {
      expect(c.create + c.change).toBe(0);
      expect(desired[c.cluster]).toEqual([]);
    }
    expect(plan.warnings.map((w) => w.code)).toContain("no-exporter");
  });

  it("keeps warnings about the changed services only, with a severity", () => {
    const other = NONE.map((s) =>
      s.name === "ratings" ? { ...s, exports: ["east-2"], imports: ["west-1"] } : s,
    );
    const after = applyIntentChanges(
      other,
      [change({ exports: ["east-1"], imports: ["west-1"] })],
      fleet,
    );
    const { plan } = planIntent(other, after, changed, fleet);
    expect(plan.warnings.length).toBeGreaterThan(0);
    expect(plan.warnings.every((w) => w.globalService === "bookinfo/reviews")).toBe(true);
    const mismatch = plan.warnings.find((w) => w.code === "mesh-mismatch");
    expect(mismatch?.severity).toBe("error");
  });
});

describe("affectedClusters and inverseChanges", () => {
  it("touches the changed services' exporters and importers, before and after", () => {
    const before = [dto("reviews", { exports: ["east-1"], imports: ["west-1"] }), dto("details")];
    const after = [dto("reviews", { exports: ["east-2"] }), dto("details", { exports: ["x"] })];
    expect([...affectedClusters(before, after, new Set(["bookinfo/reviews"]))].sort()).toEqual([
      "east-1",
      "east-2",
      "west-1",
    ]);
  });

  it("rolls back to the intent before, at the version the apply produced", () => {
    const before = dto("reviews", { version: 4, exports: ["east-1"], failover: null });
    expect(inverseChanges([before])).toEqual([
      {
        namespace: "bookinfo",
        name: "reviews",
        version: 5,
        exports: ["east-1"],
        imports: [],
        failover: null,
        trafficWeights: null,
        access: null,
      },
    ]);
  });
});
