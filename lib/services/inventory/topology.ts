// The topology answer: inventory (Postgres) + call edges (Prometheus) → graph → collapse →
// filter → wire shape. The two inputs are named boundaries (`inventory`, `calls`) so the
// benchmark can feed a generated fleet through exactly the code path the API uses.
import { DomainError } from "@/lib/domain/errors";
import type { ClusterSummary, GlobalServiceDto } from "@/lib/model/inventory";
import { buildGraph, type CallSample } from "@/lib/graph/build";
import { collapseNodes } from "@/lib/graph/collapse";
import { FILTER_VALUES, filterGraph } from "@/lib/graph/filter";
import type { Graph } from "@/lib/graph/model";
import { collapseIds, resolveTopologyQuery, type TopologyQuery } from "@/lib/graph/query";
import type { TopologyDto } from "@/lib/graph/schema";
import type { SourceError } from "@/lib/fleet-metrics/fan-out";

/** The inventory the graph is built from. */
export type InventoryInput = { clusters: ClusterSummary[]; globalServices: GlobalServiceDto[] };

/** Call edges and the state of the metrics behind them. */
export type CallsInput = {
  /** False when no Prometheus source is configured at all. */
  configured: boolean;
  sources: string[];
  /** rate() window of the calls' figures, when metrics were read. */
  window?: string;
  calls: CallSample[];
  errors: SourceError[];
};

/** Where the service reads its inputs, and how long a built graph is reused. */
export type TopologyDeps = {
  inventory: () => Promise<InventoryInput>;
  calls: () => Promise<CallsInput>;
  /** How long one built graph answers every request (default 5 s; 0 disables). */
  ttlMs?: number;
  now?: () => number;
};

type Built = { graph: Graph; calls: CallsInput; at: number };

/** The topology service: `get(query)` answers GET /api/v1/topology. */
export type TopologyService = {
  /** The filtered graph; throws an invalid-input DomainError naming the allowed values for a bad filter. */
  get(query: TopologyQuery): Promise<TopologyDto>;
  /** Forget the cached graph (after an inventory change the caller knows about). */
  invalidate(): void;
};

/**
 * Creates a topology service. The unfiltered graph is built once per TTL (per grouping) and
 * shared by concurrent requests; each request only collapses, filters and serializes it.
 */
export function createTopologyService(deps: TopologyDeps): TopologyService {
  const ttl = deps.ttlMs ?? 5_000;
  const now = deps.now ?? Date.now;
  const cache = new Map<string, { expires: number; value: Promise<Built> }>();

  async function build(groupByNamespace: boolean): Promise<Built> {
    const [inventory, calls] = await Promise.all([deps.inventory(), deps.calls()]);
    const graph = buildGraph({ ...inventory, calls: calls.calls, groupByNamespace });
    return { graph, calls, at: now() };
  }

  function built(groupByNamespace: boolean): Promise<Built> {
    const key = groupByNamespace ? "namespace" : "flat";
    const t = now();
    const hit = cache.get(key);
    if (hit && hit.expires > t) return hit.value;
    const value = build(groupByNamespace);
    if (ttl > 0) {
      cache.set(key, { expires: t + ttl, value });
      // A failed build is not kept: the next request tries again.
      value.catch(() => cache.delete(key));
    }
    return value;
  }

  return {
    async get(query) {
      const { graph, calls, at } = await built(query.group === "namespace");
      const resolved = resolveTopologyQuery(graph, query);
      if (!resolved.ok) {
        throw new DomainError("invalid", "invalid_filter", resolved.problem.message, {
          allowed: resolved.problem.allowed,
        });
      }
      const { collapse, filter } = resolved;
      // `auto` judges the size of what would be drawn unfolded.
      const unfolded = collapse.auto ? filterGraph(graph, filter).nodes : [];
      const size = {
        nodes: unfolded.length,
        clusters: unfolded.filter((n) => n.kind === "cluster").length,
      };
      const ids = collapseIds(graph, collapse, size);
      // A folded cluster is judged by the filters as one node (its errors, its mesh); a folded
      // region holds clusters of every mesh and namespace, so it folds what the filters kept.
      const g = ids.some((id) => id.startsWith("region:"))
        ? collapseNodes(filterGraph(graph, filter), ids)
        : filterGraph(collapseNodes(graph, ids), filter);
      const present = FILTER_VALUES(graph);
      return {
        nodes: g.nodes,
        edges: g.edges,
        dropped: g.dropped,
        droppedMembers: g.droppedMembers,
        metrics: {
          configured: calls.configured,
          sources: calls.sources,
          ...(calls.window ? { window: calls.window, reporter: "destination" as const } : {}),
        },
        errors: calls.errors,
        // The values present, for the map's filter controls (the API also accepts any known mesh).
        filters: {
          cluster: present.cluster,
          region: present.region,
          namespace: present.namespace,
          mesh: present.mesh,
        },
        totalNodes: graph.nodes.length,
        generatedAt: new Date(at).toISOString(),
      };
    },
    invalidate: () => cache.clear(),
  };
}
