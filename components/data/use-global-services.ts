"use client";

import type { z } from "zod";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { GlobalServiceQuery } from "@/lib/model/inventory";
import { apiFetch } from "./api-error";
import { queryKeys } from "./query-keys";
import { globalServiceListSchema } from "@/lib/model/inventory";

export type GlobalServiceList = z.infer<typeof globalServiceListSchema>;

/** Query string for GET /api/v1/global-services; empty filters are left out. */
export function globalServiceSearch(query: GlobalServiceQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value) params.set(key, value);
  }
  return params.toString();
}

export function useGlobalServices(query: GlobalServiceQuery, initialData?: GlobalServiceList) {
  return useQuery({
    queryKey: queryKeys.globalServices.list(query),
    queryFn: ({ signal }) => {
      const search = globalServiceSearch(query);
      return apiFetch(
        globalServiceListSchema,
        `/api/v1/global-services${search ? `?${search}` : ""}`,
        {
          signal,
        },
      );
    },
    initialData,
    placeholderData: keepPreviousData,
  });
}
