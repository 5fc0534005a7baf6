import cytoscape from "cytoscape";
import { describe, expect, it } from "vitest";

import { buildGraph } from "@/lib/graph/build";
import { compoundBoxes, layoutGraph } from "@/lib/graph/layout";
import { bookinfo } from "@/lib/graph/testing/fixture";
import { BOX_CLASS, centre, flatNode, ownersOf, placeFlat } from "./flat-compounds";
import { nodeElement } from "./graph-elements";

const graph = buildGraph(bookinfo());
const leaves = layoutGraph(graph);
const boxes = compoundBoxes(graph, leaves);

/** A headless instance with the demo graph drawn flat, as a large map draws it. */
function flatCy(): cytoscape.Core {
  return cytoscape({
    headless: true,
    elements: graph.nodes.map((n) => {
      const box = boxes.get(n.id);
      // cytoscape keeps (and later mutates) the position object it is given: a copy.
      const at = box ? centre(box) : { ...leaves.get(n.id)! };
      return { ...flatNode(nodeElement(n), box), position: at };
    }),
  });
}

describe("flat compounds", () => {
  it("turns the parent into an owner, and sizes a compound as a box", () => {
    const reviews = flatNode(
      nodeElement(graph.nodes.find((n) => n.id.endsWith("reviews"))!),
      undefined,
    );
    expect(reviews.data.parent).toBeUndefined();
    expect(reviews.data.owner).toMatch(/^cluster:/);
    expect(reviews.classes.split(" ")).not.toContain(BOX_CLASS);
    const cluster = graph.nodes.find((n) => n.id === "cluster:east-2")!;
    const box = boxes.get(cluster.id)!;
    const el = flatNode(nodeElement(cluster), box);
    expect(el.data).toMatchObject({
      owner: "region:us-east-1",
      w: box.x2 - box.x1,
      h: box.y2 - box.y1,
    });
    expect(el.classes.split(" ")).toContain(BOX_CLASS);
  });

  it("draws no compound, and finds the boxes around a node", () => {
    const cy = flatCy();
    expect(cy.nodes().filter((n) => n.isParent()).length).toBe(0);
    const owners = ownersOf(cy, cy.getElementById("svc:east-2/bookinfo/reviews"));
    expect(owners.map((o) => o.id()).sort()).toEqual(["cluster:east-2", "region:us-east-1"]);
    expect(ownersOf(cy, cy.getElementById("region:us-east-1")).length).toBe(0);
  });

  it("moves leaves and resizes boxes to a new layout", () => {
    const cy = flatCy();
    const moved = new Map([...leaves].map(([id, p]) => [id, { x: p.x + 100, y: p.y }]));
    const grown = new Map([...boxes].map(([id, b]) => [id, { ...b, x2: b.x2 + 200 }]));
    cy.batch(() => placeFlat(cy, moved, grown));
    const svc = "svc:east-2/bookinfo/reviews";
    expect(cy.getElementById(svc).position().x).toBe(leaves.get(svc)!.x + 100);
    const b = boxes.get("cluster:east-2")!;
    expect(cy.getElementById("cluster:east-2").data("w")).toBe(b.x2 + 200 - b.x1);
    expect(cy.getElementById("cluster:east-2").position().x).toBe((b.x1 + b.x2 + 200) / 2);
  });
});
