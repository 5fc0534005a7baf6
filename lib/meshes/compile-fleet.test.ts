import { describe, expect, it } from "vitest";

import {
  MANAGED_BY_LABEL,
  MANAGED_BY_VALUE,
  OWNERSHIP_ANNOTATION,
  ownsWholeObject,
} from "../agent-protocol/messages";
import { compileCluster, compileFleet, diffPlans, type FleetIntent } from "./index";
import { derivedName } from "./kit/names";
import { bookinfoFleet, RICH_INTENT } from "./testing/bookinfo";

const MESH_TYPES_FOR_TESTS = ["none", "istio", "linkerd", "cilium", "consul"] as const;
const reviewsFrom = (exports: string[]): FleetIntent => ({
  services: [
    { namespace: "bookinfo", name: "reviews", exports, imports: ["east-1", "east-2", "west-1"] },
  ],
});
const resourcesOf = (intent: FleetIntent, mesh: (typeof MESH_TYPES_FOR_TESTS)[number]) =>
  Object.fromEntries(
    Object.entries(compileFleet(intent, bookinfoFleet(mesh)).clusters).map(([c, r]) => [
      c,
      r.resources,
    ]),
  );

describe("compileFleet / compileCluster", () => {
  it.each(MESH_TYPES_FOR_TESTS)(
    "%s: every whole object carries managed-by=meridian, a fields-only patch the ownership annotation instead; names ≤ 63",
    (mesh) => {
      for (const c of Object.values(compileFleet(RICH_INTENT, bookinfoFleet(mesh)).clusters))
        for (const r of c.resources) {
          if (ownsWholeObject(r))
            expect(r.metadata.labels?.[MANAGED_BY_LABEL]).toBe(MANAGED_BY_VALUE);
          else {
            expect(r.metadata.annotations?.[OWNERSHIP_ANNOTATION]).toBe("fields");
            expect(r.metadata.labels?.[MANAGED_BY_LABEL]).toBeUndefined();
          }
          expect(r.metadata.name.length).toBeLessThanOrEqual(63);
        }
    },
  );

  it.each(MESH_TYPES_FOR_TESTS)(
    "%s: compileCluster equals the fleet compilation's slice",
    (mesh) => {
      const fleet = bookinfoFleet(mesh);
      const all = compileFleet(RICH_INTENT, fleet);
      for (const name of ["east-1", "east-2", "west-1"])
        expect(compileCluster(RICH_INTENT, fleet, name)).toEqual(all.clusters[name]);
    },
  );

  it("is deterministic: the intent's service order does not change the output", () => {
    const reversed = { services: [...RICH_INTENT.services].reverse() };
    for (const mesh of MESH_TYPES_FOR_TESTS)
      expect(compileFleet(reversed, bookinfoFleet(mesh)).clusters).toEqual(
        compileFleet(RICH_INTENT, bookinfoFleet(mesh)).clusters,
      );
  });

  it.each(MESH_TYPES_FOR_TESTS)(
    "%s: revoking the last export removes the import everywhere",
    (mesh) => {
      const before = resourcesOf(reviewsFrom(["west-1"]), mesh);
      const after = resourcesOf(reviewsFrom([]), mesh);
      expect(Object.values(before).flat().length).toBeGreaterThan(0);
      expect(Object.values(after).flat()).toEqual([]);
      const plan = diffPlans(before, after);
      for (const [cluster, p] of Object.entries(plan)) {
        expect(p.create).toEqual([]);
        expect(p.change).toEqual([]);
        expect(p.delete).toEqual(before[cluster]);
      }
      const warnings = compileFleet(reviewsFrom([]), bookinfoFleet(mesh)).warnings;
      expect(warnings.map((w) => `${w.cluster} ${w.code}`)).toEqual([
        "east-1 no-exporter",
        "east-2 no-exporter",
        "west-1 no-exporter",
      ]);
    },
  );

  it("warns about trust-root mismatch between exporter and importer", () => {
    const w = compileFleet(RICH_INTENT, bookinfoFleet("istio")).warnings.filter(
      (x) => x.code === "trust-root-mismatch",
    );
    expect([...new Set(w.map((x) => `${x.cluster} ${x.globalService}`))]).toEqual(
      [
        "east-1 bookinfo/productpage",
        "east-1 bookinfo/ratings",
        "east-1 bookinfo/reviews",
        "west-1 bookinfo/details",
        "west-1 bookinfo/reviews",
        "east-2 bookinfo/productpage",
      ].sort((a, b) => (a < b ? -1 : 1)),
    );
  });

  it("warns about a failover tier without ready endpoints and a mesh mismatch", () => {
    const fleet = bookinfoFleet("istio");
    fleet.clusters[0]!.services.find((s) => s.name === "reviews")!.endpoints = {
      ready: 0,
      total: 2,
    };
    fleet.clusters[2]!.mesh = "linkerd";
    const codes = compileFleet(RICH_INTENT, fleet).warnings.map(
      (w) => `${w.cluster} ${w.code} ${w.globalService}`,
    );
    expect(codes).toContain("east-1 no-healthy-endpoints bookinfo/reviews");
    expect(codes).toContain("west-1 mesh-mismatch bookinfo/reviews");
  });

  it("derives stable names of at most 63 characters", () => {
    const long = "a".repeat(63);
    expect(derivedName(long, "bookinfo")).toHaveLength(63);
    expect(derivedName(long, "bookinfo")).toBe(derivedName(long, "bookinfo"));
    expect(derivedName(long, "x")).not.toBe(derivedName(long, "y"));
    expect(derivedName("reviews", "bookinfo")).toMatch(/^meridian-reviews-bookinfo-[0-9a-f]{8}$/);
  });
});
