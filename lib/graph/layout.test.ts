import { describe, expect, it } from "vitest";

import { buildGraph } from "./build";
import { collapseNodes } from "./collapse";
import { compoundBoxes, LAYOUT, layoutGraph, type Point } from "./layout";
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

  it("spreads folded regions, drawn twice a leaf's size, a leaf's width apart", () => {
    const folded = collapseNodes(graph, ["region:us-east-1", "region:eu-west-1"]);
    const pos = layoutGraph(folded);
    const [a, b] = ["region:eu-west-1", "region:us-east-1"].map((id) => pos.get(id)!);
    expect(a!.y).toBe(b!.y);
    expect(Math.abs(a!.x - b!.x)).toBe(LAYOUT.regionWidth + LAYOUT.leafWidth);
  });

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

describe("compoundBoxes", () => {
  const graph = buildGraph(bookinfo());
  const pos = layoutGraph(graph);
  const boxes = compoundBoxes(graph, pos);

  it("boxes every compound node around its members, padded, and nothing else", () => {
    const parents = new Set(graph.nodes.flatMap((n) => (n.parent ? [n.parent] : [])));
    expect([...boxes.keys()].sort()).toEqual([...parents].sort());
    for (const id of parents) {
      const leaves = bounds(graph, pos, id);
      const box = boxes.get(id)!;
      expect(box.x1).toBeLessThanOrEqual(leaves.x1 - LAYOUT.padding);
      expect(box.x2).toBeGreaterThanOrEqual(leaves.x2 + LAYOUT.padding);
      expect(box.y1).toBeLessThanOrEqual(leaves.y1 - LAYOUT.padding);
      expect(box.y2).toBeGreaterThanOrEqual(leaves.y2 + LAYOUT.padding);
    }
  });

  it("nests: a region's box holds its clusters' boxes and their labels", () => {
    const region = boxes.get("region:us-east-1")!;
    for (const id of ["cluster:east-1", "cluster:east-2"]) {
      const c = boxes.get(id)!;
      expect(c.x1 - region.x1).toBeGreaterThanOrEqual(LAYOUT.padding);
      expect(region.x2 - c.x2).toBeGreaterThanOrEqual(LAYOUT.padding);
      expect(c.y1 - region.y1).toBeGreaterThanOrEqual(LAYOUT.padding + LAYOUT.labelSpace);
    }
    expect(boxes.has("cluster:west-1")).toBe(true);
  });
});
