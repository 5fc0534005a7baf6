import { describe, expect, it } from "vitest";

import { compileFleet, type FleetIntent } from "../index";
import { bookinfoFleet, bookinfoService, RICH_INTENT } from "../testing/bookinfo";
import { compilationYaml, expectGolden } from "../testing/golden";

describe("MCS translator (mesh none)", () => {
  it("matches the golden output for the rich Bookinfo intent", () => {
    expectGolden("mcs.yaml", compilationYaml(compileFleet(RICH_INTENT, bookinfoFleet("none"))));
  });

  it("exports a ServiceExport named like the Service in each exporting cluster only", () => {
    const out = compileFleet(RICH_INTENT, bookinfoFleet("none"));
    const exportsIn = (c: string) =>
      (out.clusters[c]?.resources ?? [])
        .filter((r) => r.kind === "ServiceExport")
        .map((r) => r.metadata.name);
    expect(exportsIn("east-1")).toEqual(["details", "reviews"]);
    expect(exportsIn("east-2")).toEqual(["details", "ratings", "reviews"]);
    expect(exportsIn("west-1")).toEqual(["productpage", "ratings", "reviews"]);
  });

  it("never exports an ExternalName Service", () => {
    const fleet = bookinfoFleet("none");
    const east2 = fleet.clusters[1]!;
    east2.services.push({ ...bookinfoService("legacy", 0), type: "ExternalName", ports: [] });
    const intent: FleetIntent = {
      services: [
        { namespace: "bookinfo", name: "legacy", exports: ["east-2"], imports: ["east-1"] },
      ],
    };
    for (const mesh of ["none", "istio", "linkerd", "cilium", "consul"] as const) {
      const out = compileFleet(intent, { clusters: fleet.clusters.map((c) => ({ ...c, mesh })) });
      expect(Object.values(out.clusters).flatMap((c) => c.resources)).toEqual([]);
      expect(out.warnings.map((w) => `${w.cluster} ${w.code}`)).toEqual([
        "east-1 no-exporter",
        "east-2 externalname-not-exported",
      ]);
    }
  });

  it("reports a port conflict on every exporter and keeps the oldest exporter's ports", () => {
    const fleet = bookinfoFleet("none");
    const west = fleet.clusters[2]!.services.find((s) => s.name === "reviews")!;
    west.ports = [{ name: "http", port: 8080, protocol: "TCP" }];
    const intent: FleetIntent = {
      services: [
        {
          namespace: "bookinfo",
          name: "reviews",
          exports: ["east-1", "east-2", "west-1"],
          imports: [],
        },
      ],
    };
    const out = compileFleet(intent, fleet);
    const conflicts = out.warnings.filter((w) => w.code === "export-conflict");
    expect(conflicts.map((w) => w.cluster)).toEqual(["east-1", "east-2", "west-1"]);
    expect(conflicts[0]?.message).toContain("using the oldest exporter east-1");
    // The conflicting exporter still exports (MCS: the condition is reported, the export stays).
    expect(out.clusters["west-1"]?.resources.map((r) => r.kind)).toEqual(["ServiceExport"]);
  });

  it("reports a type conflict (Headless vs ClusterSetIP)", () => {
    const fleet = bookinfoFleet("none");
    fleet.clusters[1]!.services.find((s) => s.name === "reviews")!.type = "Headless";
    const intent: FleetIntent = {
      services: [
        { namespace: "bookinfo", name: "reviews", exports: ["east-1", "east-2"], imports: [] },
      ],
    };
    const conflicts = compileFleet(intent, fleet).warnings.filter(
      (w) => w.code === "export-conflict",
    );
    expect(conflicts).toHaveLength(2);
    expect(conflicts[0]?.message).toMatch(/^type of bookinfo\/reviews differ/);
  });
});
