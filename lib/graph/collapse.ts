import {
  type CallEdge,
  type Graph,
  type GraphEdge,
  type GraphNode,
  edgeId,
  mergeCalls,
  sortGraph,
} from "./model";

const foldable = (n: GraphNode) =>
  n.kind === "region" || n.kind === "cluster" || n.kind === "namespace";

/**
 * For each node, the outermost folded node strictly above it (if any): the node it
 * disappears into. One walk up the parent chain per node, so folding every cluster of a
 * large fleet stays linear.
 */
function owners(graph: Graph, folded: Set<string>): Map<string, string> {
  const parent = new Map(graph.nodes.map((n) => [n.id, n.parent]));
  const owner = new Map<string, string>();
  for (const n of graph.nodes) {
    let top: string | undefined;
    for (let p = n.parent; p; p = parent.get(p)) if (folded.has(p)) top = p;
    if (top) owner.set(n.id, top);
  }
  return owner;
}

/**
 * Folds region, cluster or namespace nodes into one node each: the nodes inside disappear, their
 * edges are re-attached to the folded node and merged (rates summed, error rate weighted by
 * request rate, p95 = max). Calls inside a folded node are dropped. A folded node inside
 * another one disappears into the outer one. Ids that are not regions, clusters or namespaces
 * are ignored. Pure: `graph` is not modified.
 */
export function collapseNodes(graph: Graph, ids: Iterable<string>): Graph {
  const wanted = new Set(ids);
  const folded = new Set(
    graph.nodes.filter((n) => wanted.has(n.id) && foldable(n)).map((n) => n.id),
  );
  if (folded.size === 0) return graph;
  const owner = owners(graph, folded);
  const at = (end: string) => owner.get(end) ?? end;

  // A folded region says how many clusters went into it.
  const clustersIn = new Map<string, number>();
  for (const n of graph.nodes) {
    const top = owner.get(n.id);
    if (n.kind === "cluster" && top) clustersIn.set(top, (clustersIn.get(top) ?? 0) + 1);
  }
  const nodes: GraphNode[] = graph.nodes
    .filter((n) => !owner.has(n.id))
    .map((n) => {
      if (!folded.has(n.id)) return n;
      return n.kind === "region"
        ? { ...n, collapsed: true, clusterCount: clustersIn.get(n.id) ?? 0 }
        : { ...n, collapsed: true };
    });
  const calls: CallEdge[] = [];
  const others = new Map<string, GraphEdge>();
  for (const e of graph.edges) {
    const source = at(e.source);
    const target = at(e.target);
    if (source === target && (source !== e.source || target !== e.target)) continue;
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

/** Folds one cluster or namespace node: {@link collapseNodes} with one id. */
export function collapseNode(graph: Graph, id: string): Graph {
  return collapseNodes(graph, [id]);
}
