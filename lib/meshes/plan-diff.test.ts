import { describe, expect, it } from "vitest";

import { unifiedDiff } from "./kit/line-diff";
import { sameJson } from "../agent-protocol/canonical-json";
import { diffPlans } from "./plan-diff";
import { managedResource } from "./kit/resources";

const se = (hosts: string[], name = "se") =>
  managedResource({
    apiVersion: "networking.istio.io/v1",
    kind: "ServiceEntry",
    namespace: "bookinfo",
    name,
    body: { spec: { hosts, location: "MESH_INTERNAL" } },
  });

describe("diffPlans", () => {
  it("splits per cluster into create, change and delete", () => {
    const plan = diffPlans(
      { a: [se(["x"]), se(["y"], "gone")], b: [se(["z"])] },
      { a: [se(["x", "x2"]), se(["n"], "new")], c: [se(["c"])] },
    );
    expect(Object.keys(plan)).toEqual(["a", "b", "c"]);
    expect(plan["a"]?.create.map((r) => r.metadata.name)).toEqual(["new"]);
    expect(plan["a"]?.delete.map((r) => r.metadata.name)).toEqual(["gone"]);
    expect(plan["a"]?.change.map((c) => c.key)).toEqual([
      "networking.istio.io/ServiceEntry/bookinfo/se",
    ]);
    expect(plan["a"]?.change[0]?.diff).toBe(
      [
        "--- a/ServiceEntry bookinfo/se",
        "+++ b/ServiceEntry bookinfo/se",
        "@@ -8,4 +8,5 @@",
        " spec:",
        "   hosts:",
        "     - x",
        "+    - x2",
        "   location: MESH_INTERNAL",
        "",
      ].join("\n"),
    );
    expect(plan["b"]?.delete).toHaveLength(1);
    expect(plan["c"]?.create).toHaveLength(1);
  });

  it("reports nothing for equal sets regardless of order or key order", () => {
    const a = se(["x"]);
    const reordered = JSON.parse(
      JSON.stringify({
        spec: a["spec"],
        metadata: a.metadata,
        kind: a.kind,
        apiVersion: a.apiVersion,
      }),
    );
    expect(diffPlans({ a: [a, se(["y"], "b")] }, { a: [se(["y"], "b"), reordered] })).toEqual({
      a: { create: [], change: [], delete: [] },
    });
  });
});

describe("unifiedDiff", () => {
  it("is empty for equal text and marks additions, removals and hunks", () => {
    expect(unifiedDiff("a\nb\n", "a\nb\n", ["x", "y"])).toBe("");
    const before = Array.from({ length: 20 }, (_, i) => `l${i}`).join("\n");
    const after = before.replace("l2", "L2").replace("l17", "L17");
    expect(unifiedDiff(before, after, ["x", "y"])).toBe(
      [
        "--- x",
        "+++ y",
        "@@ -1,6 +1,6 @@",
        " l0",
        " l1",
        "-l2",
        "+L2",
        " l3",
        " l4",
        " l5",
        "@@ -15,6 +15,6 @@",
        " l14",
        " l15",
        " l16",
        "-l17",
        "+L17",
        " l18",
        " l19",
        "",
      ].join("\n"),
    );
    expect(unifiedDiff("", "a\n", ["x", "y"])).toBe("--- x\n+++ y\n@@ -0,0 +1,1 @@\n+a\n");
  });
});

describe("sameJson", () => {
  it("ignores key order and undefined members, and sees every real difference", () => {
    expect(sameJson({ a: 1, b: { c: [1, { d: "x" }] } }, { b: { c: [1, { d: "x" }] }, a: 1 })).toBe(
      true,
    );
    expect(sameJson({ a: 1, u: undefined }, { a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(sameJson({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameJson({ a: [] }, { a: {} })).toBe(false);
    expect(sameJson({ a: "1" }, { a: 1 })).toBe(false);
  });
});
