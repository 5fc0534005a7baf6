// The map's one stylesheet: every look is a class (graph-elements.ts sets them), in a light
// and a dark palette. Labels disappear below a zoom level through `min-zoomed-font-size`,
// which cytoscape checks per frame without re-styling.
import type cytoscape from "cytoscape";

import { LAYOUT } from "@/lib/graph/layout";
import { BOX_CLASS } from "./flat-compounds";

/** Palette of one theme. */
export type GraphPalette = {
  bg: string;
  text: string;
  muted: string;
  regionBorder: string;
  clusterFill: string;
  clusterBorder: string;
  nodeFill: string;
  nodeBorder: string;
  globalFill: string;
  globalBorder: string;
  globalText: string;
  call: string;
  cross: string;
  /** Cross-cluster calls no import explains (observed, not intended). */
  unmanaged: string;
  warn: string;
  bad: string;
  member: string;
  selected: string;
  /** Trust overlay edges. */
  trust: string;
};

export const PALETTES: Record<"light" | "dark", GraphPalette> = {
  light: {
    bg: "#ffffff",
    text: "#111827",
    muted: "#64748b",
    regionBorder: "#94a3b8",
    clusterFill: "#f8fafc",
    clusterBorder: "#cbd5e1",
    nodeFill: "#ffffff",
    nodeBorder: "#94a3b8",
    globalFill: "#eef2ff",
    globalBorder: "#818cf8",
    globalText: "#3730a3",
    call: "#64748b",
    cross: "#7c3aed",
    unmanaged: "#be185d",
    warn: "#d97706",
    bad: "#dc2626",
    member: "#a5b4fc",
    selected: "#2563eb",
    trust: "#047857",
  },
  dark: {
    bg: "#12151c",
    text: "#e6e8ec",
    muted: "#a4abb8",
    regionBorder: "#4b5563",
    clusterFill: "#181c25",
    clusterBorder: "#353c4b",
    nodeFill: "#1e2330",
    nodeBorder: "#586173",
    globalFill: "#1e1b4b",
    globalBorder: "#6366f1",
    globalText: "#c7d2fe",
    call: "#94a3b8",
    cross: "#a78bfa",
    unmanaged: "#f472b6",
    warn: "#f59e0b",
    bad: "#f87171",
    member: "#4f46e5",
    selected: "#6b9dff",
    trust: "#34d399",
  },
};

/** Below this rendered font size (px) labels are not drawn: zoomed out, the map is shapes. */
const MIN_LABEL_PX = 7;

/**
 * The stylesheet for a palette; `large` trades curves and arrows for speed; `callLayer`: the
 * calls and the boxes' fill are drawn by the layer under cytoscape (call-layer.ts).
 */
export function graphStylesheet(
  p: GraphPalette,
  large: boolean,
  callLayer = false,
): cytoscape.StylesheetStyle[] {
  const font = 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
  const arrow = (color: string) => (large ? {} : { "target-arrow-color": color });
  return [
    {
      selector: "node",
      style: {
        "font-family": font,
        "font-size": 11,
        color: p.text,
        label: "data(label)",
        "min-zoomed-font-size": MIN_LABEL_PX,
        "text-valign": "center",
        "text-halign": "center",
        // Ellipsis measures each label character by character: too slow for thousands.
        "text-wrap": large ? "none" : "ellipsis",
        "text-max-width": `${LAYOUT.leafWidth - 12}px`,
      },
    },
    {
      selector: "node.service, node.global-service, node.collapsed",
      style: {
        shape: "round-rectangle",
        width: LAYOUT.leafWidth,
        height: LAYOUT.leafHeight,
        "background-color": p.nodeFill,
        "border-width": 1,
        "border-color": p.nodeBorder,
      },
    },
    { selector: "node.service.degraded", style: { "border-color": p.warn, "border-width": 2 } },
    { selector: "node.service.outage", style: { "border-color": p.bad, "border-width": 2 } },
    { selector: "node.stale", style: { "border-style": "dashed", color: p.muted } },
    {
      selector: "node.service.errors",
      style: { "border-color": p.bad, "border-width": 2, "background-color": p.nodeFill },
    },
    // Exported instances carry a thicker accent outline; imported ones a double border.
    {
      selector: "node.service.exported",
      style: { "outline-width": 2, "outline-color": p.cross, "outline-offset": 2 },
    },
    { selector: "node.service.imported", style: { "border-style": "double", "border-width": 3 } },
    {
      selector: "node.global-service",
      style: {
        shape: "round-tag",
        "background-color": p.globalFill,
        "border-color": p.globalBorder,
        color: p.globalText,
        "font-weight": 600,
      },
    },
    {
      selector: "node.cluster, node.namespace",
      style: {
        shape: "round-rectangle",
        "background-color": p.clusterFill,
        "border-color": p.clusterBorder,
        "border-width": 1,
        padding: `${LAYOUT.padding}px`,
        "text-valign": "top",
        "text-halign": "center",
        "text-margin-y": -6,
        "font-size": 12,
        "font-weight": 600,
        "text-max-width": "400px",
      },
    },
    // A VM site: cut corners and a heavier dotted border (dashed is for stale).
    {
      selector: "node.cluster.vm-site",
      style: { shape: "cut-rectangle", "border-style": "dotted", "border-width": 2 },
    },
    { selector: "node.cluster.errors", style: { "border-color": p.bad } },
    { selector: "node.namespace", style: { "font-size": 11, "font-weight": 500, color: p.muted } },
    {
      selector: "node.region",
      style: {
        shape: "round-rectangle",
        "background-opacity": 0,
        "border-width": 1.5,
        "border-style": "dashed",
        "border-color": p.regionBorder,
        padding: `${LAYOUT.padding}px`,
        "text-valign": "top",
        "text-halign": "center",
        "text-margin-y": -6,
        "font-size": 12,
        "font-weight": 700,
        color: p.muted,
        "text-max-width": "600px",
      },
    },
    {
      selector: "node.collapsed",
      // A folded cluster is a leaf: its name inside, not above like an open cluster's.
      style: {
        "text-wrap": "wrap",
        "text-valign": "center",
        "text-margin-y": 0,
        "font-size": 10.5,
        "text-max-width": `${LAYOUT.leafWidth - 8}px`,
        // The cluster rule's compound padding would grow the leaf past its layout cell.
        padding: "0px",
        "background-color": p.clusterFill,
        "border-width": 1.5,
      },
    },
    // A folded region: a filled box (an open region is only a dashed outline), name in bold.
    {
      selector: "node.region.collapsed",
      style: {
        width: LAYOUT.regionWidth,
        height: LAYOUT.regionHeight,
        "text-max-width": `${LAYOUT.regionWidth - 16}px`,
        "background-opacity": 1,
        "font-size": 20,
        "font-weight": 700,
        color: p.text,
      },
    },
    {
      selector: "edge",
      style: {
        "curve-style": large ? "haystack" : "bezier",
        "line-color": p.call,
        ...arrow(p.call),
      },
    },
    {
      selector: "edge.call",
      style: {
        // A gentle arc, so a call never runs straight through a node between its ends.
        ...(large
          ? {}
          : {
              "curve-style": "unbundled-bezier",
              "control-point-distances": [28],
              "control-point-weights": [0.5],
            }),
        width: "data(w)",
        opacity: 0.85,
        // Large maps draw no arrows (the default shape is none): fewer properties per call.
        ...(large ? {} : { "target-arrow-shape": "triangle", "arrow-scale": 0.8 }),
      },
    },
    {
      selector: "edge.cross",
      style: {
        "line-color": p.cross,
        ...arrow(p.cross),
        "line-style": "dashed",
        "line-dash-pattern": [7, 4],
      },
    },
    {
      selector: "edge.unmanaged",
      style: { "line-color": p.unmanaged, ...arrow(p.unmanaged), "line-dash-pattern": [3, 3] },
    },
    { selector: "edge.err-warn", style: { "line-color": p.warn, ...arrow(p.warn) } },
    { selector: "edge.err-bad", style: { "line-color": p.bad, ...arrow(p.bad) } },
    {
      selector: "edge.member",
      style: {
        width: 1,
        "line-color": p.member,
        "line-style": "dotted",
        opacity: 0.6,
        "curve-style": large ? "haystack" : "straight",
      },
    },
    // The trust overlay (trust-overlay.ts): who verifies whom, between cluster boxes.
    {
      selector: "edge.trust",
      style: {
        "curve-style": "bezier",
        width: 2.5,
        "line-color": p.trust,
        "line-style": "dashed",
        "line-dash-pattern": [10, 5],
        label: "data(label)",
        "font-size": 11,
        color: p.trust,
        "text-background-color": p.bg,
        "text-background-opacity": 0.9,
        "text-background-padding": "2px",
        "z-index": 20,
      },
    },
    {
      selector: "edge.trust.oneway",
      style: { ...arrow(p.trust), "target-arrow-shape": "triangle" },
    },
    { selector: "edge.trust.mutual", style: { "target-arrow-shape": "none" } },
    // Large maps draw compounds as boxes (flat-compounds.ts), sized by the layout: boxes at
    // the bottom (regions, then clusters, then namespaces), calls above them, nodes on top.
    ...(large ? boxStyles() : []),
    // Selection: the chosen node, its neighbourhood highlighted, the rest faded.
    // Compounds fade their own paint only: their opacity would also fade what they contain.
    { selector: "node.dim, edge.dim", style: { opacity: 0.2 } },
    {
      selector: "node.region.dim, node.cluster.dim, node.namespace.dim",
      style: {
        opacity: 1,
        "background-opacity": 0.35,
        "border-opacity": 0.35,
        "text-opacity": 0.4,
      },
    },
    { selector: "edge.hl", style: { opacity: 1, "z-index": 10 } },
    {
      // Label text styles only where labels are drawn: fewer properties per edge to style.
      selector: "edge.call.hl",
      style: {
        label: "data(rate)",
        "font-family": font,
        "font-size": 10,
        color: p.text,
        "min-zoomed-font-size": MIN_LABEL_PX,
        "text-background-color": p.bg,
        "text-background-opacity": 0.85,
        "text-background-padding": "2px",
      },
    },
    { selector: "edge.member.hl", style: { opacity: 0.9, width: 1.5 } },
    {
      selector: "node.picked",
      style: {
        "border-color": p.selected,
        "border-width": 2.5,
        "underlay-color": p.selected,
        "underlay-opacity": 0.15,
        "underlay-padding": 5,
      },
    },
    { selector: "node:active", style: { "overlay-opacity": 0.06 } },
    // Last, so no rule (a faded box's) fills over the layer's calls.
    ...(callLayer ? [{ selector: `node.${BOX_CLASS}`, style: { "background-opacity": 0 } }] : []),
  ];
}

function boxStyles(): cytoscape.StylesheetStyle[] {
  // "bottom" draws the boxes before every other element (calls stay under the nodes as usual);
  // among themselves they order by z-index. Only the boxes get extra properties: styling is
  // per element and property, so rules on every node and edge would cost first paint.
  return [
    {
      selector: `node.${BOX_CLASS}`,
      style: {
        width: "data(w)",
        height: "data(h)",
        padding: "0px",
        "z-compound-depth": "bottom",
        "z-index": 0,
      },
    },
    { selector: `node.cluster.${BOX_CLASS}`, style: { "z-index": 1 } },
    { selector: `node.namespace.${BOX_CLASS}`, style: { "z-index": 2 } },
  ];
}
