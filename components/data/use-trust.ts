"use client";

import { useQuery } from "@tanstack/react-query";
import { trustViewSchema, type TrustView } from "@/lib/model/trust";
import { apiFetch } from "./api-error";
import { queryKeys } from "./query-keys";

/** How often the trust view refreshes (agents report roots on every snapshot). */
export const TRUST_REFRESH_MS = 30_000;

/**
 * The fleet's trust view, starting from the server-rendered one when given; `enabled` false
 * fetches nothing (the topology map's overlay, while it is off).
 */
export function useTrust(initialData?: TrustView, enabled = true) {
  return useQuery({
    enabled,
    queryKey: queryKeys.trust.all,
    queryFn: ({ signal }) => apiFetch(trustViewSchema, "/api/v1/trust", { signal }),
    initialData,
    initialDataUpdatedAt: initialData ? Date.parse(initialData.generatedAt) : undefined,
    staleTime: TRUST_REFRESH_MS,
    refetchInterval: TRUST_REFRESH_MS,
  });
}
