// The wire shape of GET /api/v1/topology, defined once: the route validates its answer
// with it and the map's client types come from it.
import { z } from "zod";

import { MESH_TYPES } from "@/lib/agent-protocol/snapshot";
import { CLUSTER_KINDS } from "@/lib/model/inventory";

const health = z.object({
  ready: z.number().int(),
  total: z.number().int(),
  stale: z.boolean(),
  alerts: z.number().int(),
});

const base = {
  id: z.string(),
  label: z.string(),
  parent: z.string().optional(),
  mesh: z.enum(MESH_TYPES),
  exported: z.boolean(),
  imported: z.boolean(),
  health,
  errors: z.boolean(),
  /** Services and global services: every request served over the window (see lib/graph/model.ts). */
  inbound: z.object({ requestRate: z.number(), errorRate: z.number() }).optional(),
  region: z.string().optional(),
  cluster: z.string().optional(),
  namespace: z.string().optional(),
};

/** One node of the graph (see lib/graph/model.ts). */
export const graphNodeSchema = z.discriminatedUnion("kind", [
  z.object({
    ...base,
    kind: z.literal("region"),
    /** True when the region's clusters are folded into it (fleets of thousands of clusters). */
    collapsed: z.boolean().optional(),
    /** With `collapsed`: the clusters folded into it. */
    clusterCount: z.number().int().optional(),
  }),
  z.object({
    ...base,
    kind: z.literal("cluster"),
    clusterKind: z.enum(CLUSTER_KINDS),
    collapsed: z.boolean(),
  }),
  z.object({ ...base, kind: z.literal("namespace"), collapsed: z.boolean() }),
  z.object({ ...base, kind: z.literal("service"), name: z.string() }),
  z.object({
    ...base,
    kind: z.literal("global-service"),
    name: z.string(),
    hostname: z.string(),
    /** The clusters it runs in across the fleet, however few of them a filter leaves shown. */
    clusterCount: z.number().int(),
  }),
]);

/** One edge: a call (with its metrics) or a global-service membership. */
export const graphEdgeSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("call"),
    id: z.string(),
    source: z.string(),
    target: z.string(),
    requestRate: z.number(),
    errorRate: z.number(),
    p95Ms: z.number(),
    crossCluster: z.boolean(),
    /** Cross-cluster traffic that no import explains (it bypasses the intent). */
    unmanaged: z.boolean().optional(),
  }),
  z.object({ kind: z.literal("member"), id: z.string(), source: z.string(), target: z.string() }),
]);

const sourceError = z.object({ source: z.string(), message: z.string() });

/** The topology answer: the (filtered) graph, the state of metrics, the allowed filters. */
export const topologySchema = z.object({
  nodes: z.array(graphNodeSchema),
  edges: z.array(graphEdgeSchema),
  /** Calls dropped because they named services missing from the inventory. */
  dropped: z.number().int(),
  droppedMembers: z.number().int(),
  metrics: z.object({
    /** False when no Prometheus source is configured: the graph has no call edges. */
    configured: z.boolean(),
    /** Names of the sources asked. */
    sources: z.array(z.string()),
    /** rate() window of every figure on the map (the service page's charts use the same). */
    window: z.string().optional(),
    /** Whose reports the figures are: the server side (Istio reporter="destination", Linkerd inbound). */
    reporter: z.literal("destination").optional(),
  }),
  /** Sources that failed: the graph is partial. */
  errors: z.array(sourceError),
  /** Values each filter accepts (cluster, region, namespace, mesh...). */
  filters: z.object({
    cluster: z.array(z.string()),
    region: z.array(z.string()),
    namespace: z.array(z.string()),
    mesh: z.array(z.string()),
  }),
  /** Nodes before filtering, so "12 of 40" can be shown. */
  totalNodes: z.number().int(),
  generatedAt: z.string(),
});
/** The topology answer. */
export type TopologyDto = z.infer<typeof topologySchema>;
/** One node on the wire. */
export type TopologyNode = TopologyDto["nodes"][number];
/** One edge on the wire. */
export type TopologyEdge = TopologyDto["edges"][number];
