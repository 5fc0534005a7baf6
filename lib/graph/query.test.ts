import { describe, expect, it } from "vitest";
import { buildGraph } from "./build";
import { AUTO_COLLAPSE_NODES, collapseIds, resolveTopologyQuery } from "./query";
import { bookinfo } from "./testing/fixture";

describe("collapse=auto", () => {
  const graph = buildGraph(bookinfo());

  it("reads auto, listed ids and expand from the query", () => {
    const r = resolveTopologyQuery(graph, {
      collapse: "auto,cluster:west-1",
      expand: "cluster:east-1",
    });
    expect(r).toMatchObject({
      ok: true,
      collapse: { auto: true, ids: ["cluster:west-1"], expand: ["cluster:east-1"] },
    });
  });

  it("refuses to expand a node that is not a cluster or namespace", () => {
    const r = resolveTopologyQuery(graph, {
      collapse: "auto",
      expand: "svc:east-1/bookinfo/details",
    });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem.message).toContain('"svc:east-1/bookinfo/details"');
  });

  it("folds every cluster but the expanded ones only above the threshold", () => {
    const req = { auto: true, ids: [], expand: ["cluster:east-1"] };
    expect(collapseIds(graph, req, AUTO_COLLAPSE_NODES)).toEqual([]);
    expect(collapseIds(graph, req, AUTO_COLLAPSE_NODES + 1).sort()).toEqual([
      "cluster:east-2",
      "cluster:west-1",
    ]);
    expect(collapseIds(graph, { ...req, auto: false, ids: ["cluster:west-1"] }, 10_000)).toEqual([
      "cluster:west-1",
    ]);
  });
});
