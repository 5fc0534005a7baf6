import type { MeshTypeName } from "@/lib/agent-protocol/snapshot";
import type { Graph, GraphNode } from "./model";

/** Graph filters; each one set narrows the graph. */
export type GraphFilter = {
  cluster?: string;
  region?: string;
  namespace?: string;
  mesh?: MeshTypeName;
  onlyExported?: boolean;
  onlyErrors?: boolean;
};

/** The values each filter accepts for a graph, sorted (for an "allowed values" message). */
export type FilterValues = {
  cluster: string[];
  region: string[];
  namespace: string[];
  mesh: MeshTypeName[];
  onlyExported: boolean[];
  onlyErrors: boolean[];
};

const uniqueSorted = <T extends string>(xs: (T | undefined)[]): T[] =>
  [...new Set(xs.filter((x): x is T => x !== undefined))].sort();

/** Allowed values of each filter for `graph`, drawn from its nodes. */
export const FILTER_VALUES = (graph: Graph): FilterValues => ({
  cluster: uniqueSorted(graph.nodes.map((n) => n.cluster)),
  region: uniqueSorted(graph.nodes.map((n) => n.region)),
  namespace: uniqueSorted(graph.nodes.map((n) => n.namespace)),
  mesh: uniqueSorted(graph.nodes.filter(isLeaf).map((n) => n.mesh)),
  onlyExported: [false, true],
  onlyErrors: [false, true],
});

/** Nodes the filter tests: service instances and collapsed clusters or namespaces. */
function isLeaf(n: GraphNode): boolean {
  return n.kind === "service" || ((n.kind === "cluster" || n.kind === "namespace") && n.collapsed);
}

function matches(n: GraphNode, f: GraphFilter): boolean {
  return (
    (f.cluster === undefined || n.cluster === f.cluster) &&
    (f.region === undefined || n.region === f.region) &&
    (f.namespace === undefined || n.namespace === f.namespace) &&
    (f.mesh === undefined || n.mesh === f.mesh) &&
    (!f.onlyExported || n.exported) &&
    (!f.onlyErrors || n.errors)
  );
}

/**
 * Keeps the service instances (and collapsed nodes) matching every filter set, their
 * compound ancestors, the global services with a kept member, and the edges whose both
 * ends remain. Other compound nodes and global services are dropped. Order is preserved.
 */
export function filterGraph(graph: Graph, filter: GraphFilter): Graph {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const kept = new Set<string>();
  for (const n of graph.nodes) {
    if (!isLeaf(n) || !matches(n, filter)) continue;
    for (let cur: GraphNode | undefined = n; cur && !kept.has(cur.id);) {
      kept.add(cur.id);
      cur = cur.parent ? byId.get(cur.parent) : undefined;
    }
  }
  for (const e of graph.edges) {
    if (e.kind === "member" && kept.has(e.source)) kept.add(e.target);
  }
  return {
    ...graph,
    nodes: graph.nodes.filter((n) => kept.has(n.id)),
    edges: graph.edges.filter((e) => kept.has(e.source) && kept.has(e.target)),
  };
}
