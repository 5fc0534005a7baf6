import { describe, expect, it } from "vitest";
import { sharingMismatches, type CompatCluster } from "./sharing-compat";

const A = "AA:".repeat(31) + "AA";
const B = "BB:".repeat(31) + "BB";
const fleet = new Map<string, CompatCluster>(
  (
    [
      { name: "east-1", mesh: "istio", signingRoot: A, trustedRoots: [A] },
      { name: "east-2", mesh: "istio", signingRoot: A, trustedRoots: [A] },
      { name: "west-1", mesh: "istio", signingRoot: B, trustedRoots: [B] },
      { name: "linkerd-1", mesh: "linkerd", signingRoot: A, trustedRoots: [A] },
    ] as CompatCluster[]
  ).map((c) => [c.name, c]),
);

describe("sharingMismatches (issue 36, defect 8: the matrix warns before planning)", () => {
  it("says nothing for importers that share the exporter's mesh and root", () => {
    expect(sharingMismatches({ exports: ["east-2"], imports: ["east-1"] }, fleet)).toEqual(
      new Map(),
    );
  });

  it("flags an Istio → Linkerd pair and a pair with different roots on both cells, in the planner's words", () => {
    const found = sharingMismatches(
      { exports: ["east-2"], imports: ["linkerd-1", "west-1"] },
      fleet,
    );
    expect(found.get("linkerd-1")).toEqual([
      "linkerd-1 runs linkerd but exporter east-2 runs istio",
    ]);
    expect(found.get("west-1")).toEqual([
      expect.stringMatching(
        /^trust roots of west-1 \(root BB:BB:BB:BB…\) and exporter east-2 \(root AA:AA:AA:AA…\) differ, neither trusts the other's root: mTLS will fail$/,
      ),
    ]);
    // The exporter's cell carries both, so neither end of a broken pair looks fine.
    expect(found.get("east-2")).toEqual([
      "linkerd-1 runs linkerd but exporter east-2 runs istio",
      expect.stringMatching(/^trust roots of west-1 .* differ/),
    ]);
  });
});
