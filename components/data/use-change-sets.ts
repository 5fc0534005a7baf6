"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "./api-error";
import { queryKeys } from "./query-keys";

import type { ChangeSetDto } from "@/lib/model/intent";
import { changeSetDtoSchema, changeSetListSchema } from "@/lib/model/intent";

export type ChangeSetDetailDto = ChangeSetDto;
export type ChangeSetStatus = ChangeSetDto["status"];
export type ClusterChangeStatus = ChangeSetDto["clusters"][number]["status"];

/** How often a change set still being applied is re-read (agents apply within seconds). */
const PENDING_REFETCH_MS = 1_500;

/** How many change sets one page of the history shows. */
export const CHANGE_SETS_PAGE = 50;

/**
 * GET /api/v1/change-sets: one page of the history, newest first (`cursor`: the previous
 * page's nextCursor); refreshed while any is pending.
 */
export function useChangeSets(cursor?: string) {
  const search = new URLSearchParams({ limit: String(CHANGE_SETS_PAGE) });
  if (cursor) search.set("cursor", cursor);
  return useQuery({
    queryKey: [...queryKeys.changeSets.list(), cursor ?? ""],
    queryFn: ({ signal }) =>
      apiFetch(changeSetListSchema, `/api/v1/change-sets?${search.toString()}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.items.some((c) => c.status === "pending") ? PENDING_REFETCH_MS * 2 : false,
  });
}

/** GET /api/v1/change-sets/{id}: live per-cluster status while pending, then it stops. */
export function useChangeSet(id: string, initial?: ChangeSetDto) {
  return useQuery({
    queryKey: queryKeys.changeSets.detail(id),
    initialData: initial,
    queryFn: ({ signal }) =>
      apiFetch(changeSetDtoSchema, `/api/v1/change-sets/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: (q) =>
      q.state.data?.clusters.some((c) => c.status === "pending") ||
      q.state.data?.status === "pending"
        ? PENDING_REFETCH_MS
        : false,
  });
}

/** POST /api/v1/change-sets/{id}/rollback: a new change set with the inverse intent. */
export function useRollback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(changeSetDtoSchema, `/api/v1/change-sets/${encodeURIComponent(id)}/rollback`, {
        method: "POST",
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.changeSets.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.intent.all }),
      ]),
  });
}
