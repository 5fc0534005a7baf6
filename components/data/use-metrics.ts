"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AllowListDto,
  MetricsRange,
  MetricsSourceCreateInput,
  MetricsSourceDto,
  MetricsSourceUpdateInput,
} from "@/lib/model/metrics";
import { apiFetch, apiSend, jsonBody } from "./api-error";
import { queryKeys } from "./query-keys";
import {
  allowListSchema,
  metricsSourceListSchema,
  metricsSourceSchema,
  serviceMetricsSchema,
  sourceTestResultSchema,
} from "@/lib/model/metrics";

/** How often the golden-signals card refreshes, per range. */
export const METRICS_REFRESH_MS: Record<MetricsRange, number> = {
  "15m": 10_000,
  "1h": 15_000,
  "6h": 60_000,
  "24h": 120_000,
};

/**
 * A global service's golden signals. Refreshes in the background and keeps the previous
 * answer on screen while a new range loads, so charts never blank out between refreshes.
 */
export function useServiceMetrics(namespace: string, name: string, range: MetricsRange) {
  return useQuery({
    queryKey: queryKeys.metrics.service(namespace, name, range),
    queryFn: ({ signal }) =>
      apiFetch(
        serviceMetricsSchema,
        `/api/v1/global-services/${encodeURIComponent(namespace)}/${encodeURIComponent(name)}/metrics?range=${range}`,
        { signal },
      ),
    refetchInterval: METRICS_REFRESH_MS[range],
    placeholderData: keepPreviousData,
  });
}

export function useMetricsSources(initialItems?: MetricsSourceDto[]) {
  return useQuery({
    queryKey: queryKeys.metrics.sources(),
    queryFn: async ({ signal }) =>
      (await apiFetch(metricsSourceListSchema, "/api/v1/metrics/sources", { signal })).items,
    initialData: initialItems,
  });
}

function useInvalidateMetrics() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.metrics.all });
}

export function useCreateMetricsSource() {
  const onSuccess = useInvalidateMetrics();
  return useMutation({
    mutationFn: (input: MetricsSourceCreateInput) =>
      apiFetch(metricsSourceSchema, "/api/v1/metrics/sources", {
        method: "POST",
        ...jsonBody(input),
      }),
    onSuccess,
  });
}

export function useUpdateMetricsSource() {
  const onSuccess = useInvalidateMetrics();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: MetricsSourceUpdateInput }) =>
      apiFetch(metricsSourceSchema, `/api/v1/metrics/sources/${encodeURIComponent(id)}`, {
        method: "PATCH",
        ...jsonBody(input),
      }),
    onSuccess,
  });
}

export function useDeleteMetricsSource() {
  const onSuccess = useInvalidateMetrics();
  return useMutation({
    mutationFn: (id: string) =>
      apiSend(`/api/v1/metrics/sources/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess,
  });
}

export function useTestMetricsSource() {
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(sourceTestResultSchema, `/api/v1/metrics/sources/${encodeURIComponent(id)}/test`, {
        method: "POST",
      }),
  });
}

export function useAllowList(initial?: AllowListDto) {
  return useQuery({
    queryKey: queryKeys.metrics.allowList(),
    queryFn: ({ signal }) =>
      apiFetch(allowListSchema, "/api/v1/settings/metrics-allow-list", { signal }),
    initialData: initial,
  });
}

export function useSaveAllowList() {
  const onSuccess = useInvalidateMetrics();
  return useMutation({
    mutationFn: (entries: string[]) =>
      apiFetch(allowListSchema, "/api/v1/settings/metrics-allow-list", {
        method: "PUT",
        ...jsonBody({ entries }),
      }),
    onSuccess,
  });
}
