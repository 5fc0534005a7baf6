"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AlertListDto, AlertQueryInput } from "@/lib/model/alerts";
import { apiFetch } from "./api-error";
import { queryKeys } from "./query-keys";
import { alertListSchema, alertSummarySchema } from "@/lib/model/alerts";

/** How often alert views refresh themselves. */
export const ALERTS_REFRESH_MS = 15_000;

/** Query string for GET /api/v1/alerts; empty filters are left out, keys in a fixed order. */
export function alertSearch(query: AlertQueryInput): string {
  const params = new URLSearchParams();
  for (const key of ["severity", "state", "kind", "cluster", "globalService"] as const) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  return params.toString();
}

/** The fleet's alerts for a query, refreshed every {@link ALERTS_REFRESH_MS}. */
export function useAlerts(query: AlertQueryInput, initialData?: AlertListDto) {
  const search = alertSearch(query);
  return useQuery({
    queryKey: queryKeys.alerts.list(Object.fromEntries(new URLSearchParams(search))),
    queryFn: ({ signal }) =>
      apiFetch(alertListSchema, `/api/v1/alerts${search ? `?${search}` : ""}`, { signal }),
    initialData,
    // Server-rendered data is fresh for one refresh interval; then the poll takes over.
    initialDataUpdatedAt: initialData ? Date.parse(initialData.generatedAt) : undefined,
    staleTime: ALERTS_REFRESH_MS,
    refetchInterval: ALERTS_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/** Badge counts for the whole fleet (one request shared by every badge on a page). */
export function useAlertSummary() {
  return useQuery({
    queryKey: queryKeys.alerts.summary(),
    queryFn: ({ signal }) => apiFetch(alertSummarySchema, "/api/v1/alerts/summary", { signal }),
    staleTime: ALERTS_REFRESH_MS,
    refetchInterval: ALERTS_REFRESH_MS * 2,
  });
}
