import type { Graph, GraphEdge, GraphNode } from "./model";

/** What changed from one graph to the next, as the renderer applies it. */
export type GraphDiff = {
  addedNodes: GraphNode[];
  /** Ids of nodes gone. */
  removedNodes: string[];
  /** Nodes present in both whose data changed (new data). */
  changedNodes: GraphNode[];
  addedEdges: GraphEdge[];
  /** Ids of edges gone. */
  removedEdges: string[];
  /** Edges present in both whose data changed (new data). */
  changedEdges: GraphEdge[];
  /** True when the node and edge id sets are equal: no layout needed. */
  sameTopology: boolean;
};

/** JSON with object keys sorted, so equal data gives equal text. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

function diffById<T extends { id: string }>(prev: T[], next: T[]) {
  const before = new Map(prev.map((x) => [x.id, x]));
  const now = new Set(next.map((x) => x.id));
  const added = next.filter((x) => !before.has(x.id));
  const removed = prev.filter((x) => !now.has(x.id)).map((x) => x.id);
  const changed = next.filter((x) => {
    const old = before.get(x.id);
    return old !== undefined && stable(old) !== stable(x);
  });
  return { added, removed, changed };
}

/** The changes from `prev` to `next`, in `next`'s order (removed ids in `prev`'s order). */
export function diffGraphs(prev: Graph, next: Graph): GraphDiff {
  const nodes = diffById(prev.nodes, next.nodes);
  const edges = diffById(prev.edges, next.edges);
  return {
    addedNodes: nodes.added,
    removedNodes: nodes.removed,
    changedNodes: nodes.changed,
    addedEdges: edges.added,
    removedEdges: edges.removed,
    changedEdges: edges.changed,
    sameTopology:
      nodes.added.length + nodes.removed.length + edges.added.length + edges.removed.length === 0,
  };
}
