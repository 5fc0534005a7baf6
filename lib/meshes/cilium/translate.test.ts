import { describe, expect, it } from "vitest";

import { CILIUM_AFFINITY, CILIUM_AFFINITY_VALUES, CILIUM_GLOBAL, CILIUM_SHARED } from "./translate";
import { compileFleet } from "../index";
import { bookinfoFleet, RICH_INTENT } from "../testing/bookinfo";
import { compilationYaml, expectGolden } from "../testing/golden";

describe("Cilium ClusterMesh translator", () => {
  const out = compileFleet(RICH_INTENT, bookinfoFleet("cilium"));
  const services = Object.entries(out.clusters).flatMap(([c, r]) =>
    r.resources.map((x) => ({ c, r: x })),
  );

  it("matches the golden output for the rich Bookinfo intent", () => {
    expectGolden("cilium.yaml", compilationYaml(out));
  });

  it("annotates only Services, with values Cilium parses", () => {
    expect(services.every(({ r }) => r.kind === "Service")).toBe(true);
    for (const { r } of services) {
      const a = r.metadata.annotations ?? {};
      expect(a[CILIUM_GLOBAL]).toBe("true");
      expect(["true", "false"]).toContain(a[CILIUM_SHARED]);
      expect(CILIUM_AFFINITY_VALUES).toContain(a[CILIUM_AFFINITY]);
    }
  });

  it("maps failover tiers to affinity: local in the first tier and in exporters that do not import, remote in later-tier importers", () => {
    const affinity = (c: string) =>
      services.find(({ c: cl, r }) => cl === c && r.metadata.name === "reviews")?.r.metadata
        .annotations?.[CILIUM_AFFINITY];
    // east-2 exports reviews but does not import it: its own clients stay local (issue 20, defect 7).
    expect([affinity("east-1"), affinity("east-2"), affinity("west-1")]).toEqual([
      "local",
      "local",
      "remote",
    ]);
  });

  it("never creates a Service: warns where an importer has none", () => {
    expect(out.clusters["east-1"]?.resources.some((r) => r.metadata.name === "ratings")).toBe(
      false,
    );
    expect(out.clusters["east-1"]?.warnings.map((w) => w.code)).toContain("needs-local-service");
    for (const { r } of services)
      expect(r.metadata.annotations?.["meridian.dev/ownership"]).toBe("fields");
  });

  it("warns where ClusterMesh cannot express weights, access or the ordering of remote tiers", () => {
    const codes = out.warnings
      .filter((w) => w.code === "mesh-cannot-express")
      .map((w) => `${w.cluster} ${w.globalService}`);
    expect(codes).toEqual(
      expect.arrayContaining([
        "east-1 bookinfo/ratings",
        "west-1 bookinfo/details",
        "west-1 bookinfo/reviews",
      ]),
    );
  });
});
