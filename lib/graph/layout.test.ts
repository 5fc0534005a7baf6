import { describe, expect, it } from "vitest";

import { buildGraph } from "./build";
import { LAYOUT, layoutGraph, type Point } from "./layout";
import type { Graph } from "./model";
import { bookinfo } from "./testing/fixture";

/** Bounds of a compound from its leaves' positions (as the renderer computes them). */
function bounds(graph: Graph, pos: Map<string, Point>, id: string) {
  const inside = (nid: string): boolean => {
    const n = graph.nodes.find((x) => x.id === nid);
    return !!n?.parent && (n.parent === id || inside(n.parent));
  };
  const pts = [...pos.entries()].filter(([nid]) => inside(nid)).map(([, p]) => p);
  return {
    x1: Math.min(...pts.map((p) => p.x)) - LAYOUT.leafWidth / 2,
    x2: Math.max(...pts.map((p) => p.x)) + LAYOUT.leafWidth / 2,
    y1: Math.min(...pts.map((p) => p.y)) - LAYOUT.leafHeight / 2,
    y2: Math.max(...pts.map((p) => p.y)) + LAYOUT.leafHeight / 2,
  };
}
const overlap = (a: ReturnType<typeof bounds>, b: ReturnType<typeof bounds>) =>
  a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2;

describe("layoutGraph", () => {
  const graph = buildGraph(bookinfo());

  it("positions every leaf, and no compound node", () => {
    const pos = layoutGraph(graph);
    const leaves = graph.nodes.filter((n) => n.kind === "service" || n.kind === "global-service");
    expect([...pos.keys()].sort()).toEqual(leaves.map((n) => n.id).sort());
  });

  it("is deterministic and ignores metric changes", () => {
    const again = buildGraph({ ...bookinfo(), calls: [] });
    expect(layoutGraph(again)).toEqual(layoutGraph(graph));
  });

  it("keeps sibling clusters and regions apart, with room for their labels", () => {
    const pos = layoutGraph(graph);
    const e1 = bounds(graph, pos, "cluster:east-1");
    const e2 = bounds(graph, pos, "cluster:east-2");
    expect(overlap(e1, e2)).toBe(false);
    const us = bounds(graph, pos, "region:us-east-1");
    const eu = bounds(graph, pos, "region:eu-west-1");
    expect(overlap(us, eu)).toBe(false);
    expect(Math.abs(us.x1 - eu.x2)).toBeGreaterThanOrEqual(LAYOUT.compoundGap);
  });

  it("puts the global services in a band below the regions", () => {
    const pos = layoutGraph(graph);
    const lowestService = Math.max(
      ...graph.nodes.filter((n) => n.kind === "service").map((n) => pos.get(n.id)!.y),
    );
    for (const n of graph.nodes.filter((x) => x.kind === "global-service")) {
      expect(pos.get(n.id)!.y).toBeGreaterThan(lowestService + LAYOUT.bandGap);
    }
  });

  it("lays out namespace groups and a 2,000-node fleet quickly", () => {
    const grouped = buildGraph({ ...bookinfo(), groupByNamespace: true });
    expect(layoutGraph(grouped).size).toBe(
      grouped.nodes.filter((n) => n.kind === "service" || n.kind === "global-service").length,
    );
    const big: Graph = { nodes: [], edges: [], dropped: 0, droppedMembers: 0 };
    for (let r = 0; r < 4; r++) {
      big.nodes.push({ ...graph.nodes[0]!, id: `region:${r}`, parent: undefined });
      for (let c = 0; c < 10; c++) {
        big.nodes.push({ ...graph.nodes[0]!, id: `cluster:${r}-${c}`, parent: `region:${r}` });
        for (let s = 0; s < 49; s++) {
          big.nodes.push({
            ...graph.nodes[0]!,
            id: `svc:${r}-${c}-${s}`,
            parent: `cluster:${r}-${c}`,
          });
        }
      }
    }
    const t = performance.now();
    const pos = layoutGraph(big);
    expect(performance.now() - t).toBeLessThan(200);
    expect(pos.size).toBe(4 * 10 * 49);
  });
});
