// Compound nodes drawn as plain nodes, for large graphs. With any compound node in the graph,
// cytoscape re-dirties every ancestor, descendant and connected edge of an element for each
// style property it applies: on the 2,000-node map that is a quarter of the first paint. Here
// regions, clusters and namespaces become boxes sized from the layout (lib/graph/layout's
// compoundBoxes), drawn behind their members; the membership lives in `data.owner`.
import type cytoscape from "cytoscape";

import type { Point, Rect } from "@/lib/graph/layout";
import type { ElementDef } from "./graph-elements";

/** Class of a compound drawn as a box. */
export const BOX_CLASS = "box";

/** A node definition without a compound parent: the parent becomes `owner`, a box gets its size. */
export function flatNode(def: ElementDef, box: Rect | undefined): ElementDef {
  const { parent, ...data } = def.data;
  return {
    ...def,
    data: { ...data, owner: parent, ...(box ? sizeOf(box) : {}) },
    classes: box ? `${def.classes} ${BOX_CLASS}` : def.classes,
  };
}

/** A box's size, as the `w`/`h` data its style reads. */
const sizeOf = (b: Rect) => ({ w: b.x2 - b.x1, h: b.y2 - b.y1 });

/** Centre of a box. */
export const centre = (b: Rect): Point => ({ x: (b.x1 + b.x2) / 2, y: (b.y1 + b.y2) / 2 });

/** Moves leaves and boxes to a new layout and resizes the boxes (inside the caller's batch). */
export function placeFlat(
  cy: cytoscape.Core,
  leaves: ReadonlyMap<string, Point>,
  boxes: ReadonlyMap<string, Rect>,
): void {
  cy.nodes().forEach((n) => {
    const box = boxes.get(n.id());
    if (box) {
      n.data(sizeOf(box));
      n.position(centre(box));
    } else {
      const p = leaves.get(n.id());
      if (p) n.position(p);
    }
  });
}

/** The boxes around some elements (their owners, transitively). */
export function ownersOf(
  cy: cytoscape.Core,
  eles: cytoscape.CollectionReturnValue,
): cytoscape.CollectionReturnValue {
  const ids = new Set<string>();
  eles.nodes().forEach((n) => {
    for (let id = n.data("owner") as string | undefined; id && !ids.has(id);) {
      ids.add(id);
      id = cy.getElementById(id).data("owner") as string | undefined;
    }
  });
  let owners = cy.collection();
  for (const id of ids) owners = owners.union(cy.getElementById(id));
  return owners;
}
