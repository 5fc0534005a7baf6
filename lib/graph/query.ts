// The topology API's query (?cluster=&region=&namespace=&mesh=&exported=&errors=&collapse=&expand=):
// shape checked by zod, values checked against the graph they filter, so an unknown value
// answers with the values that exist instead of an empty picture.
import { z } from "zod";

import { MESH_TYPES } from "@/lib/agent-protocol/snapshot";
import { FILTER_VALUES, type FilterValues, type GraphFilter } from "./filter";
import type { Graph } from "./model";

const bool = z.enum(["true", "false"]);

/** Search params of GET /api/v1/topology, as strings (unknown keys are refused). */
export const topologyQuerySchema = z
  .object({
    cluster: z.string().min(1).max(253).optional(),
    region: z.string().min(1).max(253).optional(),
    namespace: z.string().min(1).max(253).optional(),
    mesh: z.string().min(1).max(32).optional(),
    exported: bool.optional(),
    errors: bool.optional(),
    /**
     * Comma-separated ids of region, cluster or namespace nodes to fold, e.g. `cluster:east-1`,
     * and/or `auto`: every cluster, when the filtered map has more than
     * {@link AUTO_COLLAPSE_NODES}, and every region too when that still leaves more than
     * {@link AUTO_COLLAPSE_CLUSTERS} clusters; `none`: nothing (the default).
     */
    collapse: z.string().min(1).max(4000).optional(),
    /** With `collapse=auto`: comma-separated region or cluster ids that stay open. */
    expand: z.string().min(1).max(4000).optional(),
    /** `namespace` puts services inside namespace nodes. */
    group: z.enum(["namespace"]).optional(),
  })
  .strict();
/**
 * Above this many nodes (after filtering) `collapse=auto` folds every cluster: thousands of
 * services are unreadable at the zoom that shows them all, and cost seconds to draw.
 */
export const AUTO_COLLAPSE_NODES = 500;
/**
 * Above this many clusters (after filtering) `collapse=auto` also folds every region: a map of
 * thousands of folded clusters is still a hairball and takes seconds to draw. A region that is
 * open (listed in `expand`, or holding an open cluster) shows its clusters, folded.
 */
export const AUTO_COLLAPSE_CLUSTERS = 300;

/** The raw query. */
export type TopologyQuery = z.infer<typeof topologyQuerySchema>;

/** The allowed values the API lists next to a bad filter. */
export type AllowedValues = Omit<FilterValues, "onlyExported" | "onlyErrors" | "mesh"> & {
  mesh: string[];
  exported: string[];
  errors: string[];
  collapse: string[];
};

/** A query that names values the graph does not have. */
export type QueryProblem = { message: string; allowed: AllowedValues };

/** Which nodes to fold: listed ids, plus every cluster but `expand` when `auto`. */
export type CollapseRequest = { ids: string[]; auto: boolean; expand: string[] };

/** What {@link resolveTopologyQuery} returns: a filter and collapse request, or the problem. */
export type ResolvedQuery =
  | { ok: true; filter: GraphFilter; collapse: CollapseRequest }
  | { ok: false; problem: QueryProblem };

/** The values every filter accepts on `graph` (meshes: every mesh Meridian knows). */
export function allowedValues(graph: Graph): AllowedValues {
  const v = FILTER_VALUES(graph);
  return {
    cluster: v.cluster,
    region: v.region,
    namespace: v.namespace,
    mesh: [...MESH_TYPES],
    exported: ["true", "false"],
    errors: ["true", "false"],
    collapse: graph.nodes
      .filter((n) => n.kind === "region" || n.kind === "cluster" || n.kind === "namespace")
      .map((n) => n.id)
      .sort(),
  };
}

/**
 * Checks each set filter against the values present in `graph` (the unfiltered graph) and
 * turns the query into a `GraphFilter` plus node ids to collapse. Every unknown value is
 * named in one message.
 */
export function resolveTopologyQuery(graph: Graph, q: TopologyQuery): ResolvedQuery {
  const allowed = allowedValues(graph);
  const list = (v: string | undefined) => [...new Set((v ?? "").split(",").filter(Boolean))];
  const tokens = list(q.collapse);
  const auto = tokens.includes("auto");
  // `none` says "fold nothing" explicitly (the map's URL uses it to override `auto`).
  const collapse = tokens.filter((t) => t !== "auto" && t !== "none");
  const expand = list(q.expand);
  const bad: string[] = [];
  for (const key of ["cluster", "region", "namespace", "mesh"] as const) {
    const value = q[key];
    if (value !== undefined && !allowed[key].includes(value)) {
      bad.push(`${key} "${value}" (allowed: ${allowed[key].join(", ") || "none"})`);
    }
  }
  const unknownCollapse = [...collapse, ...expand].filter((id) => !allowed.collapse.includes(id));
  if (unknownCollapse.length > 0) {
    bad.push(
      `collapse/expand ${unknownCollapse.map((id) => `"${id}"`).join(", ")} (not a region, cluster or namespace)`,
    );
  }
  if (bad.length > 0) {
    return { ok: false, problem: { message: `Unknown filter value: ${bad.join("; ")}`, allowed } };
  }
  const filter: GraphFilter = {};
  if (q.cluster) filter.cluster = q.cluster;
  if (q.region) filter.region = q.region;
  if (q.namespace) filter.namespace = q.namespace;
  if (q.mesh) filter.mesh = q.mesh as GraphFilter["mesh"];
  if (q.exported === "true") filter.onlyExported = true;
  if (q.errors === "true") filter.onlyErrors = true;
  return { ok: true, filter, collapse: { ids: collapse, auto, expand } };
}

/** The size of the filtered, unfolded graph: what `auto` judges. */
export type FilteredSize = { nodes: number; clusters: number };

/**
 * The ids to fold for a resolved request on `graph`, given the size of the filtered, unfolded
 * graph: above {@link AUTO_COLLAPSE_NODES} nodes every cluster not in `expand`; above
 * {@link AUTO_COLLAPSE_CLUSTERS} clusters also every region not in `expand` and holding no
 * cluster in `expand`.
 */
export function collapseIds(graph: Graph, req: CollapseRequest, filtered: FilteredSize): string[] {
  if (!req.auto || filtered.nodes <= AUTO_COLLAPSE_NODES) return req.ids;
  const open = new Set(req.expand);
  const clusters = graph.nodes.filter((n) => n.kind === "cluster" && !open.has(n.id));
  const regions: string[] = [];
  if (filtered.clusters > AUTO_COLLAPSE_CLUSTERS) {
    const held = new Set(
      graph.nodes.filter((n) => n.kind === "cluster" && open.has(n.id)).map((n) => n.parent),
    );
    for (const n of graph.nodes)
      if (n.kind === "region" && !open.has(n.id) && !held.has(n.id)) regions.push(n.id);
  }
  return [...new Set([...req.ids, ...regions, ...clusters.map((n) => n.id)])];
}
