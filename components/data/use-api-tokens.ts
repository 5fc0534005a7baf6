"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiTokenDto } from "@/lib/model/inventory";
import { apiFetch, apiSend, jsonBody } from "./api-error";
import { queryKeys } from "./query-keys";
import { apiTokenListSchema, createdApiTokenSchema } from "@/lib/model/inventory";

export type { CreatedApiToken as CreatedToken } from "@/lib/model/inventory";

export function useApiTokens(initialItems?: ApiTokenDto[]) {
  return useQuery({
    queryKey: queryKeys.apiTokens.list(),
    queryFn: async ({ signal }) =>
      (await apiFetch(apiTokenListSchema, "/api/v1/tokens", { signal })).items,
    initialData: initialItems,
  });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; expiresInDays?: number | null }) =>
      apiFetch(createdApiTokenSchema, "/api/v1/tokens", { method: "POST", ...jsonBody(input) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens.all }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiSend(`/api/v1/tokens/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens.all }),
  });
}
