// A deterministic, compound-aware layout: leaves (services, collapsed clusters) in grids
// inside their cluster or namespace, compounds shelf-packed inside their parent (clusters
// in a region, regions in the map), global services in a band below. Same ids in → same
// positions out, so a refresh never moves anything, and it is linear in the node count
// (2,000 nodes in a few ms, where force-directed layouts take seconds).
import type { Graph, GraphNode } from "./model";

/** Sizes the renderer must use for the layout to fit (node boxes and compound padding). */
export const LAYOUT = {
  leafWidth: 136,
  leafHeight: 34,
  gapX: 16,
  gapY: 16,
  /** Padding inside a compound box, each side. */
  padding: 14,
  /** Space above a compound box for its label. */
  labelSpace: 22,
  /** Space between sibling compounds. */
  compoundGap: 36,
  /** Space between the regions and the global-service band. */
  bandGap: 72,
  /** A folded region: twice a leaf each way, so its name reads on the zoomed-out map. */
  regionWidth: 272,
  regionHeight: 68,
} as const;

/** Centre of a leaf node. */
export type Point = { x: number; y: number };

type Box = { w: number; h: number; place: (x: number, y: number, out: Map<string, Point>) => void };

/** The nodes inside each compound (whose parent is in the graph), in graph order. */
function childrenOf(graph: Graph): Map<string, GraphNode[]> {
  const ids = new Set(graph.nodes.map((n) => n.id));
  const children = new Map<string, GraphNode[]>();
  for (const n of graph.nodes)
    if (n.parent && ids.has(n.parent)) {
      const list = children.get(n.parent);
      if (list) list.push(n);
      else children.set(n.parent, [n]);
    }
  return children;
}

function isCompound(n: GraphNode, children: Map<string, GraphNode[]>): boolean {
  return (children.get(n.id)?.length ?? 0) > 0;
}

function leafBox(n: GraphNode): Box {
  const region = n.kind === "region";
  const w = region ? LAYOUT.regionWidth : LAYOUT.leafWidth;
  const h = region ? LAYOUT.regionHeight : LAYOUT.leafHeight;
  return { w, h, place: (x, y, out) => out.set(n.id, { x: x + w / 2, y: y + h / 2 }) };
}

/** Rows of boxes, `cols` per row, each row as tall as its tallest box. */
function pack(boxes: Box[], cols: number, gapX: number, gapY: number): Box {
  const rows: Box[][] = [];
  for (let i = 0; i < boxes.length; i += cols) rows.push(boxes.slice(i, i + cols));
  const rowW = rows.map((r) => r.reduce((s, b) => s + b.w, 0) + gapX * (r.length - 1));
  const rowH = rows.map((r) => Math.max(...r.map((b) => b.h)));
  return {
    w: Math.max(0, ...rowW),
    h: rowH.reduce((s, h) => s + h, 0) + gapY * Math.max(0, rows.length - 1),
    place(x, y, out) {
      let cy = y;
      rows.forEach((row, i) => {
        let cx = x;
        for (const b of row) {
          b.place(cx, cy, out);
          cx += b.w + gapX;
        }
        cy += (rowH[i] ?? 0) + gapY;
      });
    },
  };
}

function box(n: GraphNode, children: Map<string, GraphNode[]>): Box {
  if (!isCompound(n, children)) return leafBox(n);
  const kids = children.get(n.id) ?? [];
  const allLeaves = kids.every((k) => !isCompound(k, children));
  const inner = allLeaves
    ? // Services: a grid a bit wider than tall, like a card of names.
      pack(kids.map(leafBox), Math.ceil(Math.sqrt(kids.length * 1.6)), LAYOUT.gapX, LAYOUT.gapY)
    : pack(
        kids.map((k) => box(k, children)),
        // Clusters stack in few columns, so regions sit side by side on a wide screen.
        Math.ceil(Math.sqrt(kids.length / 2)),
        LAYOUT.compoundGap,
        LAYOUT.compoundGap + LAYOUT.labelSpace,
      );
  const p = LAYOUT.padding;
  return {
    w: inner.w + 2 * p,
    h: inner.h + 2 * p,
    place: (x, y, out) => inner.place(x + p, y + p, out),
  };
}

/**
 * Positions every leaf node of `graph` (compound nodes take the bounds of their children,
 * as cytoscape draws them). Deterministic: the graph's node order decides placement.
 */
export function layoutGraph(graph: Graph): Map<string, Point> {
  const children = childrenOf(graph);
  const roots: GraphNode[] = [];
  const band: GraphNode[] = [];
  for (const n of graph.nodes) {
    // A node whose parent is in the graph is placed inside it.
    if (n.parent && children.has(n.parent)) continue;
    if (n.kind === "global-service") {
      band.push(n);
    } else {
      roots.push(n);
    }
  }
  const out = new Map<string, Point>();
  // Folded regions only (a fleet of thousands of clusters): a leaf's width apart each way, so
  // the merged calls between them have room to show which pair they join.
  const spread = roots.length > 1 && roots.every((r) => !children.has(r.id));
  const top = pack(
    roots.map((r) => box(r, children)),
    Math.ceil(Math.sqrt(roots.length * 2)),
    spread ? LAYOUT.leafWidth : LAYOUT.compoundGap * 2,
    spread ? LAYOUT.leafWidth : LAYOUT.compoundGap + LAYOUT.labelSpace,
  );
  top.place(0, LAYOUT.labelSpace, out);
  if (band.length > 0) {
    const cell = LAYOUT.leafWidth + LAYOUT.gapX;
    const cols = Math.max(
      1,
      Math.floor((top.w + LAYOUT.gapX) / cell),
      Math.ceil(Math.sqrt(band.length * 4)),
    );
    const globals = pack(band.map(leafBox), cols, LAYOUT.gapX, LAYOUT.gapY);
    // Centred under the regions.
    const x = Math.max(0, (top.w - globals.w) / 2);
    globals.place(x, LAYOUT.labelSpace + top.h + (roots.length ? LAYOUT.bandGap : 0), out);
  }
  return out;
}

/** An axis-aligned box in model coordinates. */
export type Rect = { x1: number; y1: number; x2: number; y2: number };

/**
 * The box of every compound node as cytoscape draws it around laid-out leaves: the bounds of
 * its children (a child compound with its label above it) plus the compound padding. For a
 * renderer that draws compounds as plain nodes behind their members.
 */
export function compoundBoxes(graph: Graph, leaves: ReadonlyMap<string, Point>): Map<string, Rect> {
  const children = childrenOf(graph);
  const out = new Map<string, Rect>();
  const extent = (id: string): Rect | undefined => {
    const kids = children.get(id);
    if (!kids) {
      const p = leaves.get(id);
      if (!p) return undefined;
      const w = LAYOUT.leafWidth / 2;
      const h = LAYOUT.leafHeight / 2;
      return { x1: p.x - w, y1: p.y - h, x2: p.x + w, y2: p.y + h };
    }
    const known = out.get(id);
    if (known) return known;
    let r: Rect | undefined;
    for (const { id: k } of kids) {
      const b = extent(k);
      if (!b) continue;
      const y1 = children.has(k) ? b.y1 - LAYOUT.labelSpace : b.y1;
      r = r
        ? {
            x1: Math.min(r.x1, b.x1),
            y1: Math.min(r.y1, y1),
            x2: Math.max(r.x2, b.x2),
            y2: Math.max(r.y2, b.y2),
          }
        : { ...b, y1 };
    }
    if (!r) return undefined;
    const p = LAYOUT.padding;
    const rect = { x1: r.x1 - p, y1: r.y1 - p, x2: r.x2 + p, y2: r.y2 + p };
    out.set(id, rect);
    return rect;
  };
  for (const id of children.keys()) extent(id);
  return out;
}
