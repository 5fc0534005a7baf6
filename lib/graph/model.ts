import type { MeshTypeName } from "@/lib/agent-protocol/snapshot";
import type { ClusterSummary } from "@/lib/model/inventory";

/** Node kinds, in the order nodes are listed (compound parents before their children). */
export const NODE_KINDS = ["region", "cluster", "namespace", "service", "global-service"] as const;
/** A node kind. */
export type NodeKind = (typeof NODE_KINDS)[number];

/** Health shown on a node: endpoint counts, staleness of the data, open alerts. */
export type NodeHealth = {
  ready: number;
  total: number;
  /** True when the data behind the node is last known (agent silent). */
  stale: boolean;
  alerts: number;
};

type NodeBase = {
  /** Stable id, e.g. `svc:east-1/bookinfo/reviews`. */
  id: string;
  label: string;
  /** Id of the compound parent node. */
  parent?: string;
  mesh: MeshTypeName;
  exported: boolean;
  imported: boolean;
  health: NodeHealth;
  /**
   * True when the node (or something inside it) has errors: open alerts, or a share of 5xx
   * in the requests it serves at or above ERROR_RATIO.errors (lib/domain/traffic-health.ts).
   */
  errors: boolean;
  /**
   * Services: every request it served over the rate window, drawn as a call or not (callers
   * outside the inventory, such as an ingress gateway) — the series the service page reads.
   */
  inbound?: { requestRate: number; errorRate: number };
  /** Filter attributes; absent when they do not apply to the node kind. */
  region?: string;
  cluster?: string;
  namespace?: string;
};

/** A region: compound node holding clusters. */
export type RegionNode = NodeBase & {
  kind: "region";
  /** True when its clusters were folded into this node (very large fleets, see `collapseNodes`). */
  collapsed?: boolean;
  /** With `collapsed`: how many clusters it holds. */
  clusterCount?: number;
};
/** A cluster or VM site: compound node inside its region. */
export type ClusterNode = NodeBase & {
  kind: "cluster";
  clusterKind: ClusterSummary["kind"];
  /** True when its services were folded into this node (see `collapseNode`). */
  collapsed: boolean;
};
/** Optional grouping of services by namespace inside a cluster. */
export type NamespaceNode = NodeBase & { kind: "namespace"; collapsed: boolean };
/** A service instance in one cluster. */
export type ServiceNode = NodeBase & { kind: "service"; name: string };
/** A global service: the union of its instances across clusters. */
export type GlobalServiceNode = NodeBase & {
  kind: "global-service";
  name: string;
  hostname: string;
  /** The clusters it runs in across the fleet, however few of them a filter leaves on the map. */
  clusterCount: number;
};

/** Any node of the graph. */
export type GraphNode = RegionNode | ClusterNode | NamespaceNode | ServiceNode | GlobalServiceNode;

/** Traffic from one node to another (service nodes, or collapsed nodes after collapsing). */
export type CallEdge = {
  kind: "call";
  id: string;
  source: string;
  target: string;
  /** Requests per second. */
  requestRate: number;
  /** Fraction of requests that failed, 0..1. */
  errorRate: number;
  p95Ms: number;
  crossCluster: boolean;
  /** Cross-cluster traffic no import explains: the caller's cluster does not import it. */
  unmanaged?: boolean;
};
/** Links a service instance to its global service. */
export type MemberEdge = { kind: "member"; id: string; source: string; target: string };
/** Any edge of the graph. */
export type GraphEdge = CallEdge | MemberEdge;

/** A renderer-agnostic graph: nodes and edges in deterministic order. */
export type Graph = {
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** Calls dropped because they named unknown services. */
  dropped: number;
  /** Global-service members dropped because their cluster is unknown. */
  droppedMembers: number;
};

/** Id of a region node. */
export const regionId = (region: string) => `region:${region}`;
/** Id of a cluster node. */
export const clusterId = (cluster: string) => `cluster:${cluster}`;
/** Id of a namespace node. */
export const namespaceId = (cluster: string, namespace: string) => `ns:${cluster}/${namespace}`;
/** Id of a service instance node. */
export const serviceId = (cluster: string, namespace: string, name: string) =>
  `svc:${cluster}/${namespace}/${name}`;
/** Id of a global service node. */
export const globalServiceId = (namespace: string, name: string) => `gsvc:${namespace}/${name}`;
/** Id of an edge. */
export const edgeId = (kind: GraphEdge["kind"], source: string, target: string) =>
  `${kind}:${source}->${target}`;

const kindRank = (k: NodeKind) => NODE_KINDS.indexOf(k);
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Sorts nodes (kind order, then id) and edges (by id) in place; returns the graph. */
export function sortGraph(graph: Graph): Graph {
  graph.nodes.sort((a, b) => kindRank(a.kind) - kindRank(b.kind) || cmp(a.id, b.id));
  graph.edges.sort((a, b) => cmp(a.id, b.id));
  return graph;
}

/**
 * Merges call edges between the same pair of nodes: rates summed, error rate weighted by
 * request rate (plain mean when no requests), p95 = max, cross-cluster when any part is.
 */
export function mergeCalls(calls: CallEdge[]): CallEdge[] {
  const groups = new Map<string, CallEdge[]>();
  for (const c of calls) {
    const id = edgeId("call", c.source, c.target);
    const group = groups.get(id);
    if (group) group.push(c);
    else groups.set(id, [c]);
  }
  return [...groups.entries()].map(([id, group]) => {
    const first = group[0] as CallEdge;
    const requestRate = group.reduce((s, c) => s + c.requestRate, 0);
    const errorRate =
      requestRate > 0
        ? group.reduce((s, c) => s + c.errorRate * c.requestRate, 0) / requestRate
        : group.reduce((s, c) => s + c.errorRate, 0) / group.length;
    return {
      kind: "call",
      id,
      source: first.source,
      target: first.target,
      requestRate,
      errorRate,
      p95Ms: Math.max(...group.map((c) => c.p95Ms)),
      crossCluster: group.some((c) => c.crossCluster),
      ...(group.some((c) => c.unmanaged) ? { unmanaged: true } : {}),
    };
  });
}
