import { describe, expect, it } from "vitest";
import { buildGraph } from "./build";
import { collapseNode } from "./collapse";
import { diffGraphs } from "./diff";
import { bookinfo, call } from "./testing/fixture";

describe("diffGraphs", () => {
  it("reports nothing for equal graphs", () => {
    const d = diffGraphs(buildGraph(bookinfo()), buildGraph(bookinfo()));
    expect(d).toEqual({
      addedNodes: [],
      removedNodes: [],
      changedNodes: [],
      addedEdges: [],
      removedEdges: [],
      changedEdges: [],
      sameTopology: true,
    });
  });

  it("reports data changes without a topology change", () => {
    const next = bookinfo({ alerts: { "svc:east-1/bookinfo/details": 1 } });
    next.calls[0] = call("east-1/productpage", "east-2/reviews", 25, 0, 80);
    const d = diffGraphs(buildGraph(bookinfo()), buildGraph(next));
    expect(d.sameTopology).toBe(true);
    // us-east-1 already had errors (from east-2), so its data stays the same; reviews serve
    // 25 rps instead of 20.
    expect(d.changedNodes.map((n) => n.id)).toEqual([
      "cluster:east-1",
      "svc:east-1/bookinfo/details",
      "svc:east-2/bookinfo/reviews",
      "gsvc:bookinfo/details",
      "gsvc:bookinfo/reviews",
    ]);
    expect(d.changedEdges.map((e) => e.id)).toEqual([
      "call:svc:east-1/bookinfo/productpage->svc:east-2/bookinfo/reviews",
    ]);
  });

  it("reports added and removed nodes and edges", () => {
    const prev = buildGraph(bookinfo());
    const next = collapseNode(prev, "cluster:west-1");
    const d = diffGraphs(prev, next);
    expect(d.sameTopology).toBe(false);
    expect(d.removedNodes).toEqual(["svc:west-1/bookinfo/ratings", "svc:west-1/bookinfo/reviews"]);
    expect(d.changedNodes.map((n) => n.id)).toEqual(["cluster:west-1"]);
    expect(d.addedNodes).toEqual([]);
    expect(d.addedEdges.map((e) => e.id)).toEqual([
      "member:cluster:west-1->gsvc:bookinfo/ratings",
      "member:cluster:west-1->gsvc:bookinfo/reviews",
    ]);
    expect(d.removedEdges).toHaveLength(2);
    const back = diffGraphs(next, prev);
    expect(back.addedNodes.map((n) => n.id)).toEqual(d.removedNodes);
  });
});
