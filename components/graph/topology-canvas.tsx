"use client";

// The map's renderer: ONE long-lived cytoscape instance per mount (destroyed on unmount).
// Each new graph is diffed against the last one and applied in one cy.batch(); the layout
// runs only when the node/edge id set changes, so a live refresh only restyles.
import cytoscape from "cytoscape";
import { useEffect, useImperativeHandle, useRef, type Ref } from "react";

import { diffGraphs } from "@/lib/graph/diff";
import { compoundBoxes, LAYOUT, layoutGraph, type Rect } from "@/lib/graph/layout";
import type { Graph } from "@/lib/graph/model";
import type { TopologyDto } from "@/lib/graph/schema";
import { centre, flatNode, ownersOf, placeFlat } from "./flat-compounds";
import { edgeElement, nodeElement, type ElementDef } from "./graph-elements";
import { TRUST_CLASS, trustOverlayElements } from "./trust-overlay";
import type { TrustEdge } from "@/lib/model/trust";
import { graphStylesheet, PALETTES } from "./graph-style";
import { exposeTestHook } from "./test-hook";
import { hardwareWebgl } from "./webgl-support";
import { CallLayer, type LayerBox } from "./call-layer";
import { fitViewport } from "./fit-view";

/**
 * Above this many elements cheap edges, compounds drawn as boxes (flat-compounds.ts) and, on a
 * hardware GPU, the WebGL renderer are used.
 */
export const LARGE_GRAPH_ELEMENTS = 1_500;
const MAX_FIT_ZOOM = 1.5;

/** Imperative controls for the toolbar and search. */
export type TopologyCanvasHandle = {
  focus(id: string): void;
  zoomBy(factor: number): void;
  fit(): void;
};

type TopologyCanvasProps = {
  graph: TopologyDto;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  /** Double-click on a folded cluster or namespace: open it. */
  onExpand?: (id: string) => void;
  theme: "light" | "dark";
  /** Changes when the user changes filters: the view then fits the new graph. */
  fitKey: string;
  handle?: Ref<TopologyCanvasHandle>;
  /** Trust edges between clusters to draw over the map (trust-overlay.ts); none when absent. */
  trustEdges?: readonly TrustEdge[];
};

const toGraph = (g: TopologyDto): Graph => ({
  nodes: g.nodes,
  edges: g.edges,
  dropped: g.dropped,
  droppedMembers: g.droppedMembers,
});

/** A node's definition: with its compound parent, or flat (`boxes` given) as a box or member. */
function nodeDef(n: Graph["nodes"][number], boxes: ReadonlyMap<string, Rect> | null): ElementDef {
  return boxes ? flatNode(nodeElement(n), boxes.get(n.id)) : nodeElement(n);
}

function elementsOf(
  g: Graph,
  positions: Map<string, { x: number; y: number }>,
  boxes: ReadonlyMap<string, Rect> | null,
): (ElementDef & { position?: { x: number; y: number } })[] {
  return [
    ...g.nodes.map((n) => {
      const box = boxes?.get(n.id);
      return { ...nodeDef(n, boxes), position: box ? centre(box) : positions.get(n.id) };
    }),
    ...g.edges.map(edgeElement),
  ];
}

/**
 * What cytoscape draws of a graph: in a large graph the global-service membership lines
 * (one per instance) are left out — thousands of faint lines that cost a second of styling
 * and say less than the side panel's instance list — and with a call layer the calls too.
 */
function drawn(g: Graph, large: boolean, layered: boolean): Graph {
  if (!large) return g;
  return {
    ...g,
    edges: g.edges.filter((e) => e.kind !== "member" && !(layered && e.kind === "call")),
  };
}

/** The layer's boxes: every compound drawn as a box, regions marked (outlined, not filled). */
function layerBoxes(g: Graph, boxes: ReadonlyMap<string, Rect>): LayerBox[] {
  const regions = new Set(g.nodes.filter((n) => n.kind === "region").map((n) => n.id));
  return [...boxes].map(([id, rect]) => ({ id, rect, region: regions.has(id) }));
}

/**
 * Leaf positions from the deterministic layout (compounds follow their children), set in one
 * `positions()` call: per-node `position()` re-bounds every ancestor on each call.
 */
function place(cy: cytoscape.Core, positions: Map<string, { x: number; y: number }>): void {
  cy.nodes()
    .filter((n) => positions.has(n.id()))
    .positions((n) => positions.get(n.id())!);
}

/** The layout's extent per instance: fitting from it avoids cytoscape measuring every label. */
const bounds = new WeakMap<cytoscape.Core, Rect>();

function extent(positions: Map<string, { x: number; y: number }>): Rect {
  const e = { x1: Infinity, y1: Infinity, x2: -Infinity, y2: -Infinity };
  for (const p of positions.values()) {
    e.x1 = Math.min(e.x1, p.x - LAYOUT.leafWidth / 2);
    e.x2 = Math.max(e.x2, p.x + LAYOUT.leafWidth / 2);
    e.y1 = Math.min(e.y1, p.y - LAYOUT.leafHeight / 2);
    e.y2 = Math.max(e.y2, p.y + LAYOUT.leafHeight / 2);
  }
  // Room for the compound borders and labels around the leaves (and for a folded region,
  // larger than a leaf).
  const m = 2 * LAYOUT.padding + LAYOUT.labelSpace + (LAYOUT.regionWidth - LAYOUT.leafWidth) / 2;
  return { x1: e.x1 - m, y1: e.y1 - m - LAYOUT.labelSpace, x2: e.x2 + m, y2: e.y2 + m };
}

/** Instances with highlight classes on some elements (clearing them restyles every element). */
const highlighted = new WeakSet<cytoscape.Core>();

function highlight(cy: cytoscape.Core, id: string | null, layer: CallLayer | null): void {
  if (!id && !highlighted.has(cy)) return;
  cy.batch(() => {
    cy.elements().removeClass("dim hl picked");
    highlighted.delete(cy);
    layer?.highlight(null);
    if (!id) return;
    const node = cy.getElementById(id);
    if (node.empty()) return;
    let hood = node.closedNeighborhood();
    // With a call layer, the nodes the picked one calls or is called by are the layer's.
    for (const other of layer?.neighbours(id) ?? []) hood = hood.union(cy.getElementById(other));
    // Keep the compounds (or boxes) around the highlighted nodes visible.
    const owners = ownersOf(cy, hood);
    const keep = hood.union(hood.ancestors()).union(owners);
    cy.elements().not(keep).addClass("dim");
    hood.edges().addClass("hl");
    node.addClass("picked");
    layer?.highlight({ id, keep: new Set(owners.map((o) => o.id())) });
    highlighted.add(cy);
  });
}

export function TopologyCanvas({
  graph,
  selectedId,
  onSelect,
  onExpand,
  theme,
  fitKey,
  handle,
  trustEdges,
}: TopologyCanvasProps) {
  const container = useRef<HTMLDivElement>(null);
  const cyRef = useRef<cytoscape.Core | null>(null);
  const shown = useRef<Graph | null>(null);
  const fitted = useRef<string | null>(null);
  const onSelectRef = useRef(onSelect);
  const onExpandRef = useRef(onExpand);
  const large = useRef(false);
  // Large maps on the canvas renderer: calls and box fills drawn by one layer (call-layer.ts).
  const layer = useRef<CallLayer | null>(null);
  const positions = useRef<Map<string, { x: number; y: number }>>(new Map());
  // Flat mode (large graphs): the compounds' boxes of the current layout.
  const boxes = useRef<Map<string, Rect> | null>(null);
  useEffect(() => {
    onSelectRef.current = onSelect;
    onExpandRef.current = onExpand;
  }, [onSelect, onExpand]);

  // Create the instance once; its size class (WebGL or not) comes from the first graph.
  useEffect(() => {
    if (!container.current) return;
    const size = graph.nodes.length + graph.edges.length;
    large.current = size > LARGE_GRAPH_ELEMENTS;
    const palette = PALETTES[theme];
    const webgl = large.current && hardwareWebgl();
    const layered = large.current && !webgl;
    const options: cytoscape.CytoscapeOptions & { webgl?: boolean; webglBgColor?: number[] } = {
      container: container.current,
      style: graphStylesheet(palette, large.current, layered),
      minZoom: 0.05,
      maxZoom: 3,
      wheelSensitivity: 0.25,
      boxSelectionEnabled: false,
      autoungrabify: true,
      // Cytoscape's WebGL renderer, for large graphs on a hardware GPU only (webgl-support.ts).
      ...(webgl
        ? { webgl: true, webglBgColor: hexToRgb(palette.bg), hideEdgesOnViewport: false }
        : {}),
      // The canvas renderer pans and zooms a large map as one texture of the last frame (the
      // WebGL renderer ignores it): one drawImage per frame instead of every element.
      ...(large.current && !webgl ? { textureOnViewport: true } : {}),
    };
    const cy = cytoscape(options);
    cyRef.current = cy;
    if (layered && container.current.parentElement) {
      const calls = new CallLayer(
        container.current.parentElement,
        () => ({ zoom: cy.zoom(), pan: cy.pan(), width: cy.width(), height: cy.height() }),
        palette,
      );
      layer.current = calls;
      cy.on("viewport resize", () => calls.schedule());
      cy.on("tapstart", () => calls.hold(true));
      cy.on("tapend", () => calls.hold(false));
    }
    cy.on("tap", "node", (e) => onSelectRef.current(e.target.id()));
    cy.on("dbltap", "node.collapsed", (e) => onExpandRef.current?.(e.target.id()));
    cy.on("tap", (e) => {
      if (e.target === cy) onSelectRef.current(null);
    });
    const unexpose = exposeTestHook(cy);
    // The side panel narrows the map: tell cytoscape, and keep the picked node in view.
    const resize = new ResizeObserver(() => {
      cy.resize();
      const picked = cy.$("node.picked");
      if (picked.nonempty() && !inView(cy, picked)) cy.center(picked);
    });
    resize.observe(container.current);
    return () => {
      resize.disconnect();
      unexpose();
      layer.current?.destroy();
      layer.current = null;
      cy.destroy();
      cyRef.current = null;
      shown.current = null;
      fitted.current = null;
      boxes.current = null;
    };
    // The instance lives as long as the component; later graphs are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Apply each new graph as a diff; lay out only when the id set changed.
  useEffect(() => {
    const cy = cyRef.current;
    if (!cy) return;
    const next = drawn(toGraph(graph), large.current, layer.current !== null);
    const prev = shown.current;
    const d = prev ? diffGraphs(prev, next) : null;
    const layout = !d || !d.sameTopology ? layoutGraph(next) : null;
    if (layout && large.current) boxes.current = compoundBoxes(next, layout);
    const flat = boxes.current;
    cy.batch(() => {
      if (!d) {
        // The first graph is added with its positions: nothing moves after insertion.
        cy.add(elementsOf(next, layout!, flat));
        bounds.set(cy, extent(layout!));
      } else {
        for (const id of [...d.removedEdges, ...d.removedNodes]) cy.getElementById(id).remove();
        cy.add([...d.addedNodes.map((n) => nodeDef(n, flat)), ...d.addedEdges.map(edgeElement)]);
        for (const def of [
          ...d.changedNodes.map((n) => nodeDef(n, flat)),
          ...d.changedEdges.map(edgeElement),
        ]) {
          const el = cy.getElementById(String(def.data.id));
          // A node whose parent changed must move; cytoscape does that with move().
          if (
            !flat &&
            def.group === "nodes" &&
            el.isNode() &&
            el.data("parent") !== def.data.parent
          ) {
            el.move({ parent: (def.data.parent as string | undefined) ?? null });
          }
          el.data(def.data);
          el.classes(def.classes);
        }
        if (layout) {
          if (flat) placeFlat(cy, layout, flat);
          else place(cy, layout);
          bounds.set(cy, extent(layout));
        }
      }
    });
    shown.current = next;
    if (layout) positions.current = layout;
    layer.current?.setGraph(graph.edges, positions.current, flat ? layerBoxes(next, flat) : []);
    if (fitted.current !== fitKey) {
      fitView(cy);
      fitted.current = fitKey;
    }
    highlight(cy, selectedId, layer.current);
    // selectedId is applied by its own effect; this one reacts to data only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [graph, fitKey]);

  useEffect(() => {
    if (cyRef.current) highlight(cyRef.current, selectedId, layer.current);
  }, [selectedId]);

  // The trust overlay: swapped whole, after the graph (its ends must be on the map); no layout.
  useEffect(() => {
    const cy = cyRef.current;
    if (!cy) return;
    cy.batch(() => {
      cy.edges(`.${TRUST_CLASS}`).remove();
      if (trustEdges?.length)
        cy.add(trustOverlayElements(trustEdges, new Set(cy.nodes().map((n) => n.id()))));
    });
  }, [trustEdges, graph]);

  // A theme switch restyles; the instance was created with the theme of its first render.
  const styledTheme = useRef(theme);
  useEffect(() => {
    if (!cyRef.current || styledTheme.current === theme) return;
    styledTheme.current = theme;
    cyRef.current.style(graphStylesheet(PALETTES[theme], large.current, layer.current !== null));
    layer.current?.setPalette(PALETTES[theme]);
  }, [theme]);

  useImperativeHandle(
    handle,
    () => ({
      focus(id) {
        const cy = cyRef.current;
        const node = cy?.getElementById(id);
        if (!cy || !node || node.empty()) return;
        cy.animate({ center: { eles: node }, zoom: Math.max(cy.zoom(), 1.1) }, { duration: 250 });
      },
      zoomBy(factor) {
        const cy = cyRef.current;
        if (!cy) return;
        const level = Math.min(cy.maxZoom(), Math.max(cy.minZoom(), cy.zoom() * factor));
        cy.zoom({ level, renderedPosition: { x: cy.width() / 2, y: cy.height() / 2 } });
      },
      fit() {
        if (cyRef.current) fitView(cyRef.current);
      },
    }),
    [],
  );

  return (
    // Cytoscape makes its container position:relative, so it gets an inner div of full size.
    <div className="absolute inset-0">
      <div
        ref={container}
        className="h-full w-full"
        data-testid="topology-canvas"
        role="img"
        aria-label={`Topology map: ${graph.nodes.length} nodes, ${graph.edges.length} edges`}
      />
    </div>
  );
}

function inView(cy: cytoscape.Core, node: cytoscape.CollectionReturnValue): boolean {
  const p = node.renderedPosition();
  return p.x > 40 && p.y > 40 && p.x < cy.width() - 40 && p.y < cy.height() - 40;
}

/** Fits the graph, but never blows a small fleet up past a comfortable reading size. */
function fitView(cy: cytoscape.Core): void {
  const e = bounds.get(cy);
  if (!e || !Number.isFinite(e.x1)) return;
  cy.viewport(
    fitViewport(
      e,
      { width: cy.width(), height: cy.height() },
      { min: cy.minZoom(), max: MAX_FIT_ZOOM },
    ),
  );
}

function hexToRgb(hex: string): number[] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
