// Topology wire model → cytoscape element definitions: data plus classes, nothing else.
// Styling lives in graph-style.ts; the mapping is pure so it is unit-tested without a canvas.
import { ERROR_RATIO, healthWord } from "@/lib/domain/traffic-health";
import type { TopologyEdge, TopologyNode } from "@/lib/graph/schema";

/** Error-rate thresholds for edge colours (fractions): the one health vocabulary's. */
export const ERROR_WARN = ERROR_RATIO.warn;
export const ERROR_BAD = ERROR_RATIO.errors;

/** Element definition in the shape cytoscape's `add` takes (kept local: no cytoscape here). */
export type ElementDef = {
  group: "nodes" | "edges";
  data: Record<string, string | number | boolean | undefined>;
  classes: string;
};

/** Line width of a call: log-scaled by requests per second, 1.25–9 px. */
export function edgeWidth(requestRate: number): number {
  return Math.min(9, 1.25 + 1.4 * Math.log2(1 + Math.max(0, requestRate)));
}

/** "12.3 rps", "0.4 rps". */
export function formatRate(rps: number): string {
  return `${rps >= 10 ? rps.toFixed(0) : rps.toFixed(1)} rps`;
}

/** The endpoint part of the health vocabulary (errors are the `errors` class). */
function healthClass(n: TopologyNode): string {
  const { ready, total, stale } = n.health;
  if (stale) return "stale";
  return healthWord(ready, total);
}

function nodeLabel(n: TopologyNode): string {
  if (n.kind === "region") {
    const name = n.label.toUpperCase();
    if (!n.collapsed) return name;
    const count = n.clusterCount ?? 0;
    return `${name} · folded\n${count.toLocaleString("en-US")} ${count === 1 ? "cluster" : "clusters"}`;
  }
  if (n.kind === "cluster") {
    const kind = n.clusterKind === "vm-site" ? "VM site  ·  " : "";
    return n.collapsed ? `${n.label}\n(folded)` : `${n.label}  ·  ${kind}${n.mesh}`;
  }
  return n.label;
}

/** A node's element: `kind` and health classes, flags for export/import and errors. */
export function nodeElement(n: TopologyNode): ElementDef {
  const classes = [n.kind, healthClass(n), `mesh-${n.mesh}`];
  if (n.errors) classes.push("errors");
  if (n.exported) classes.push("exported");
  if (n.imported) classes.push("imported");
  if ((n.kind === "region" || n.kind === "cluster" || n.kind === "namespace") && n.collapsed)
    classes.push("collapsed");
  if (n.kind === "cluster" && n.clusterKind === "vm-site") classes.push("vm-site");
  return {
    group: "nodes",
    data: { id: n.id, parent: n.parent, label: nodeLabel(n) },
    classes: classes.join(" "),
  };
}

/** An edge's element: call width and error class, cross-cluster and member classes. */
export function edgeElement(e: TopologyEdge): ElementDef {
  if (e.kind === "member") {
    return {
      group: "edges",
      data: { id: e.id, source: e.source, target: e.target },
      classes: "member",
    };
  }
  const classes = ["call"];
  if (e.crossCluster) classes.push("cross");
  if (e.unmanaged) classes.push("unmanaged");
  if (e.errorRate >= ERROR_BAD) classes.push("err-bad");
  else if (e.errorRate >= ERROR_WARN) classes.push("err-warn");
  return {
    group: "edges",
    data: {
      id: e.id,
      source: e.source,
      target: e.target,
      w: edgeWidth(e.requestRate),
      rate: formatRate(e.requestRate),
    },
    classes: classes.join(" "),
  };
}
