"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { TopologyDto } from "@/lib/graph/schema";
import { apiFetch } from "./api-error";
import { queryKeys } from "./query-keys";
import { topologySchema } from "@/lib/graph/schema";

/** How often the map refreshes its calls and health. */
export const TOPOLOGY_REFRESH_MS = 10_000;

/** The topology graph for a search string (`cluster=east-1&errors=true`), refreshed live. */
export function useTopology(search: string, initialData?: TopologyDto) {
  return useQuery({
    queryKey: queryKeys.topology.graph(search),
    queryFn: ({ signal }) =>
      apiFetch(topologySchema, `/api/v1/topology${search ? `?${search}` : ""}`, { signal }),
    initialData,
    // The previous graph stays on screen while a new filter loads: no blank flash.
    placeholderData: keepPreviousData,
    refetchInterval: TOPOLOGY_REFRESH_MS,
    staleTime: 5_000,
  });
}
