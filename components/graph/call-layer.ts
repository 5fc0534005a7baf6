// The calls of a large map drawn as one batched layer under cytoscape, instead of 10,000
// cytoscape edges: cytoscape styles, measures and bounds every element it holds, and on the
// 2,000-service map its 10,000 call edges were most of first paint (docs/benchmarks.md,
// "Topology at 2,000 clusters"). Here calls are grouped by how they look (colour, dash,
// width rounded to half a pixel) into one Path2D each, built once per graph, and the frame
// is a handful of strokes. The boxes (regions, clusters, namespaces) are filled here too, so
// the calls inside a cluster show above its fill: cytoscape draws the boxes' borders and
// labels (transparent fill) and the nodes above this layer.
import type { Point, Rect } from "@/lib/graph/layout";
import type { TopologyEdge } from "@/lib/graph/schema";
import { ERROR_BAD, ERROR_WARN, edgeWidth } from "./graph-elements";
import type { GraphPalette } from "./graph-style";

/** How a call is drawn: its colour role, dashed (cross-cluster) or not, and width. */
export type CallLook = {
  tone: "call" | "cross" | "unmanaged" | "warn" | "bad";
  dashed: boolean;
  width: number;
};

/** Calls that look the same, as segments in model coordinates (x1, y1, x2, y2, …). */
export type CallBatch = CallLook & { key: string; segments: number[] };

type CallEdge = Extract<TopologyEdge, { kind: "call" }>;

/** A call's look, as the canvas style draws it (graph-style.ts: edge.call, .cross, .err-*). */
export function callLook(e: CallEdge): CallLook {
  const tone =
    e.errorRate >= ERROR_BAD
      ? "bad"
      : e.errorRate >= ERROR_WARN
        ? "warn"
        : e.unmanaged
          ? "unmanaged"
          : e.crossCluster
            ? "cross"
            : "call";
  return { tone, dashed: e.crossCluster, width: Math.round(edgeWidth(e.requestRate) * 2) / 2 };
}

/**
 * Groups the calls whose both ends have a position into batches of one look each, in a stable
 * order (widest last, so heavy calls draw over light ones). Calls with an end not placed (not
 * on the map) are left out.
 */
export function callBatches(
  edges: readonly TopologyEdge[],
  positions: ReadonlyMap<string, Point>,
): CallBatch[] {
  const batches = new Map<string, CallBatch>();
  for (const e of edges) {
    if (e.kind !== "call") continue;
    const a = positions.get(e.source);
    const b = positions.get(e.target);
    if (!a || !b) continue;
    const look = callLook(e);
    const key = `${look.tone}/${look.dashed ? "dash" : "solid"}/${look.width}`;
    let batch = batches.get(key);
    if (!batch) batches.set(key, (batch = { ...look, key, segments: [] }));
    batch.segments.push(a.x, a.y, b.x, b.y);
  }
  const rank = { call: 0, cross: 1, unmanaged: 2, warn: 3, bad: 4 };
  return [...batches.values()].sort(
    (x, y) => x.width - y.width || rank[x.tone] - rank[y.tone] || x.key.localeCompare(y.key),
  );
}

/** A box the layer fills: its rectangle and whether it is a region (outlined only). */
export type LayerBox = { id: string; rect: Rect; region: boolean };

type Drawn = { batch: CallBatch; path: Path2D };
type View = { zoom: number; pan: Point; width: number; height: number };

/** Below this many screen pixels a dash is not seen: cross-cluster calls are drawn solid. */
const MIN_DASH_PX = 3;
/** After the last pan frame (no pointer held), the layer is drawn again in full. */
const SETTLE_MS = 120;

/**
 * The layer: a canvas under cytoscape's, drawn from the prebuilt paths. A pan (same zoom and
 * size) moves a copy of the last full drawing, as cytoscape's `textureOnViewport` does for its
 * own canvas; the full drawing follows when the view settles. `highlight` fades everything
 * but the picked node's calls and boxes.
 */
export class CallLayer {
  private readonly canvas: HTMLCanvasElement;
  /** The last full drawing and the view it was drawn for. */
  private readonly full: HTMLCanvasElement;
  private fullView: View | null = null;
  private settle: ReturnType<typeof setTimeout> | undefined;
  /** A pointer is down on the map: pans move the copy until it is released. */
  private holding = false;
  private drawn: Drawn[] = [];
  private boxes: LayerBox[] = [];
  private edges: CallEdge[] = [];
  private positions: ReadonlyMap<string, Point> = new Map();
  private picked: { id: string; keep: ReadonlySet<string> } | null = null;
  private frame = 0;

  constructor(
    parent: HTMLElement,
    private readonly viewport: () => { zoom: number; pan: Point; width: number; height: number },
    private palette: GraphPalette,
  ) {
    this.canvas = document.createElement("canvas");
    this.canvas.setAttribute("aria-hidden", "true");
    this.canvas.dataset.testid = "topology-call-layer";
    Object.assign(this.canvas.style, { position: "absolute", inset: "0", pointerEvents: "none" });
    parent.prepend(this.canvas);
    this.full = document.createElement("canvas");
  }

  /** A new graph's calls and boxes, with the positions of the nodes they join. */
  setGraph(
    edges: readonly TopologyEdge[],
    positions: ReadonlyMap<string, Point>,
    boxes: LayerBox[],
  ): void {
    this.edges = edges.filter((e): e is CallEdge => e.kind === "call");
    this.positions = positions;
    this.boxes = boxes;
    this.drawn = callBatches(this.edges, positions).map((batch) => ({
      batch,
      path: pathOf(batch.segments),
    }));
    this.redraw();
  }

  setPalette(palette: GraphPalette): void {
    this.palette = palette;
    this.redraw();
  }

  /** The nodes a node calls or is called by. */
  neighbours(id: string): string[] {
    const out: string[] = [];
    for (const e of this.edges) {
      if (e.source === id) out.push(e.target);
      else if (e.target === id) out.push(e.source);
    }
    return out;
  }

  /** Fades all but the picked node's calls and the boxes in `keep`; null clears. */
  highlight(picked: { id: string; keep: ReadonlySet<string> } | null): void {
    this.picked = picked;
    this.redraw();
  }

  /** The view changed: drawn on the next animation frame (many events in one frame draw once). */
  schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  /**
   * A pointer went down on the map (true) or up (false): while it is down a drag moves the
   * copy of the last full drawing, as cytoscape's own texture does; released, it is redrawn.
   */
  hold(down: boolean): void {
    this.holding = down;
    if (!down && this.fullView) {
      const { pan } = this.viewport();
      if (pan.x !== this.fullView.pan.x || pan.y !== this.fullView.pan.y) this.redraw();
    }
  }

  /** The drawing changed: a full drawing on the next frame. */
  redraw(): void {
    this.fullView = null;
    this.schedule();
  }

  /** Draws now: a moved copy of the last full drawing while only the pan changed, else in full. */
  draw(): void {
    const view = this.viewport();
    const ratio = window.devicePixelRatio || 1;
    const w = Math.round(view.width * ratio);
    const h = Math.round(view.height * ratio);
    if (this.canvas.width !== w || this.canvas.height !== h) {
      this.canvas.width = w;
      this.canvas.height = h;
      this.canvas.style.width = `${view.width}px`;
      this.canvas.style.height = `${view.height}px`;
      this.fullView = null;
    }
    const ctx = this.canvas.getContext("2d");
    if (!ctx) return;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, w, h);
    const last = this.fullView;
    if (last && last.zoom === view.zoom) {
      if (last.pan.x !== view.pan.x || last.pan.y !== view.pan.y) {
        ctx.drawImage(
          this.full,
          Math.round((view.pan.x - last.pan.x) * ratio),
          Math.round((view.pan.y - last.pan.y) * ratio),
        );
        clearTimeout(this.settle);
        if (!this.holding) this.settle = setTimeout(() => this.redraw(), SETTLE_MS);
        return;
      }
      ctx.drawImage(this.full, 0, 0);
      return;
    }
    this.drawFull(view, ratio, w, h);
    ctx.drawImage(this.full, 0, 0);
  }

  private drawFull(view: View, ratio: number, w: number, h: number): void {
    const { zoom, pan } = view;
    this.full.width = w;
    this.full.height = h;
    const ctx = this.full.getContext("2d");
    if (!ctx) return;
    this.fullView = { ...view, pan: { ...pan } };
    ctx.setTransform(ratio * zoom, 0, 0, ratio * zoom, ratio * pan.x, ratio * pan.y);
    const p = this.palette;
    const fade = this.picked ? 0.35 : 1;
    for (const b of this.boxes) {
      if (b.region) continue;
      ctx.globalAlpha = this.picked && !this.picked.keep.has(b.id) ? fade : 1;
      ctx.fillStyle = p.clusterFill;
      ctx.fillRect(b.rect.x1, b.rect.y1, b.rect.x2 - b.rect.x1, b.rect.y2 - b.rect.y1);
    }
    ctx.lineCap = "butt";
    // Dashes under a few pixels cost the rasterizer thousands of segments and show nothing.
    const dashes = 7 * zoom * ratio >= MIN_DASH_PX;
    const colour = {
      call: p.call,
      cross: p.cross,
      unmanaged: p.unmanaged,
      warn: p.warn,
      bad: p.bad,
    };
    const stroke = (look: CallLook, path: Path2D, alpha: number) => {
      ctx.globalAlpha = alpha;
      ctx.strokeStyle = colour[look.tone];
      ctx.lineWidth = look.width;
      ctx.setLineDash(dashes && look.dashed ? [7, 4] : []);
      ctx.stroke(path);
    };
    // Calls at 0.85, faded ones at 0.2: the opacities of graph-style.ts's edge rules.
    for (const { batch, path } of this.drawn) stroke(batch, path, this.picked ? 0.2 : 0.85);
    if (this.picked) {
      // The picked node's calls, at full strength over the faded rest.
      const id = this.picked.id;
      const own = this.edges.filter((e) => e.source === id || e.target === id);
      for (const batch of callBatches(own, this.positions))
        stroke(batch, pathOf(batch.segments), 1);
    }
    ctx.globalAlpha = 1;
    ctx.setLineDash([]);
  }

  destroy(): void {
    if (this.frame) cancelAnimationFrame(this.frame);
    clearTimeout(this.settle);
    this.canvas.remove();
  }
}

function pathOf(segments: readonly number[]): Path2D {
  const path = new Path2D();
  for (let i = 0; i + 3 < segments.length; i += 4) {
    path.moveTo(segments[i]!, segments[i + 1]!);
    path.lineTo(segments[i + 2]!, segments[i + 3]!);
  }
  return path;
}
