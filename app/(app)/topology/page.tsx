import type { Metadata } from "next";

import { AUTO_FOLD } from "@/components/graph/fold-state";
import { ApiError } from "@/lib/api/errors";
import { isDomainError } from "@/lib/domain/errors";
import { splitUnknownFilters } from "@/lib/domain/unknown-filters";
import { listClusters } from "@/lib/store/clusters";
import { demoRunsWithoutPrometheus } from "@/lib/services/fleet-metrics/service-metrics";
import { topologyQuerySchema, type TopologyQuery } from "@/lib/graph/query";
import { topologyService } from "@/lib/services/inventory/topology-default-service";
import { requireUser } from "../require-user";
import { TopologyClient } from "./topology-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Topology" };

type TopologyPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The URL's filters that have the right shape; the service checks their values. */
function parseQuery(raw: Record<string, string | string[] | undefined>): TopologyQuery {
  const query: Record<string, string> = {};
  for (const key of Object.keys(topologyQuerySchema.shape)) {
    const value = raw[key];
    const first = Array.isArray(value) ? value[0] : value;
    if (first && topologyQuerySchema.safeParse({ [key]: first }).success) query[key] = first;
  }
  return query as TopologyQuery;
}

/** The map for the URL's filters; values that name nothing are dropped and reported. */
async function loadMap(query: TopologyQuery) {
  // The map folds large graphs unless the URL says otherwise (components/graph/fold-state.ts).
  const get = (q: TopologyQuery) => topologyService().get({ collapse: AUTO_FOLD, ...q });
  try {
    return { query, data: await get(query), unknown: [] };
  } catch (error) {
    // A stale link naming a cluster that is gone: drop what names nothing, say so, keep the rest.
    // (The service answers a DomainError "invalid"; an ApiError 400 from the HTTP layer alike.)
    const invalid =
      (isDomainError(error) && error.kind === "invalid") ||
      (error instanceof ApiError && error.status === 400);
    if (!invalid) throw error;
    const whole = await get({});
    const { collapse, expand, ...filters } = query;
    const { kept, unknown } = splitUnknownFilters(filters, {
      cluster: { label: "cluster", values: whole.filters.cluster },
      region: { label: "region", values: whole.filters.region },
      namespace: { label: "namespace", values: whole.filters.namespace },
      mesh: { label: "mesh", values: whole.filters.mesh },
    });
    // Unknown folds (a cluster or namespace since removed) go with them.
    if (unknown.length === 0) {
      for (const [filter, value] of Object.entries({ collapse, expand }))
        if (value) unknown.push({ filter, label: "cluster or namespace to fold", value });
    }
    const rest = unknown.some((u) => u.filter === "collapse" || u.filter === "expand")
      ? kept
      : { ...kept, ...(collapse ? { collapse } : {}), ...(expand ? { expand } : {}) };
    const data = Object.keys(rest).length > 0 ? await get(rest).catch(() => null) : null;
    return data ? { query: rest, data, unknown } : { query: {}, data: whole, unknown };
  }
}

export default async function TopologyPage({ searchParams }: TopologyPageProps) {
  const user = await requireUser();
  const [map, clusters] = await Promise.all([
    loadMap(parseQuery(await searchParams)),
    listClusters(),
  ]);
  return (
    <TopologyClient
      initialQuery={map.query}
      initialData={map.data}
      unknownFilters={map.unknown}
      clusters={clusters.map((c) => ({ name: c.name, displayName: c.displayName }))}
      demoWithoutPrometheus={demoRunsWithoutPrometheus()}
      role={user.role}
    />
  );
}
