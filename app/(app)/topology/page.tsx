import type { Metadata } from "next";

import { AUTO_FOLD } from "@/components/graph/fold-state";
import { ApiError } from "@/lib/api/errors";
import { demoRunsWithoutPrometheus } from "@/lib/services/service-metrics";
import { topologyQuerySchema, type TopologyQuery } from "@/lib/graph/query";
import { topologyService } from "@/lib/services/topology-default-service";
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

export default async function TopologyPage({ searchParams }: TopologyPageProps) {
  await requireUser();
  const query = parseQuery(await searchParams);
  let notice: string | null = null;
  let initial;
  try {
    // The map folds large graphs unless the URL says otherwise (components/graph/fold-state.ts).
    initial = await topologyService().get({ collapse: AUTO_FOLD, ...query });
  } catch (error) {
    // A stale link naming a cluster that is gone: show the whole map and say why.
    if (!(error instanceof ApiError) || error.status !== 400) throw error;
    notice = `${error.message}. Showing the whole map.`;
    initial = await topologyService().get({ collapse: AUTO_FOLD });
  }
  return (
    <TopologyClient
      initialQuery={notice ? {} : query}
      initialData={initial}
      notice={notice}
      demoWithoutPrometheus={demoRunsWithoutPrometheus()}
    />
  );
}
