import {
  type CallEdge,
  type Graph,
  type GraphEdge,
  type GraphNode,
  edgeId,
  mergeCalls,
  sortGraph,
} from "./model";

/** Ids of the nodes inside `id` (children, grandchildren, ...). */
function descendants(graph: Graph, id: string): Set<string> {
  const inside = new Set<string>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const n of graph.nodes) {
      if (n.parent && !inside.has(n.id) && (n.parent === id || inside.has(n.parent))) {
        inside.add(n.id);
        grew = true;
      }
    }
  }
  return inside;
}

/**
 * Folds a cluster or namespace node into one node: the nodes inside it disappear, their
 * edges are re-attached to it and merged (rates summed, error rate weighted by request
 * rate, p95 = max). Calls inside the folded node are dropped. Any other id (or a node
 * that is not a cluster or namespace) returns the graph unchanged. Pure: `graph` is not
 * modified.
 */
export function collapseNode(graph: Graph, id: string): Graph {
  const target = graph.nodes.find((n) => n.id === id);
  if (!target || (target.kind !== "cluster" && target.kind !== "namespace")) return graph;
  const inside = descendants(graph, id);
  const at = (end: string) => (inside.has(end) ? id : end);

  const nodes: GraphNode[] = graph.nodes
    .filter((n) => !inside.has(n.id))
    .map((n) => (n.id === id ? { ...target, collapsed: true } : n));
  const calls: CallEdge[] = [];
  const others = new Map<string, GraphEdge>();
  for (const e of graph.edges) {
    const source = at(e.source);
    const target = at(e.target);
    if (source === id && target === id) continue;
    if (e.kind === "call") calls.push({ ...e, source, target });
    else
      others.set(edgeId(e.kind, source, target), {
        ...e,
        id: edgeId(e.kind, source, target),
        source,
        target,
      });
  }
  return sortGraph({ ...graph, nodes, edges: [...others.values(), ...mergeCalls(calls)] });
}
