"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiTokenDto } from "@/lib/model/inventory";
import { apiFetch, jsonBody } from "./api-error";
import { queryKeys } from "./query-keys";

export type CreatedToken = { token: string; item: ApiTokenDto };

export function useApiTokens(initialItems?: ApiTokenDto[]) {
  return useQuery({
    queryKey: queryKeys.apiTokens.list(),
    queryFn: async ({ signal }) =>
      (await apiFetch<{ items: ApiTokenDto[] }>("/api/v1/tokens", { signal })).items,
    initialData: initialItems,
  });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; expiresInDays?: number }) =>
      apiFetch<CreatedToken>("/api/v1/tokens", { method: "POST", ...jsonBody(input) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens.all }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<void>(`/api/v1/tokens/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens.all }),
  });
}
