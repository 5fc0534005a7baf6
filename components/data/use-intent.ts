"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch, jsonBody } from "./api-error";
import { queryKeys } from "./query-keys";

// PROVISIONAL shapes until lib/api/intent-schemas.ts (the backend's zod contract) lands;
// then these become imports from it.

export type IntentDto = {
  namespace: string;
  name: string;
  hostname: string;
  version: number;
  exports: string[];
  imports: string[];
  failover: {
    tiers: { clusters: { name: string; weight?: number }[] }[];
    outlierDetection: {
      consecutive5xxErrors: number;
      interval: string;
      baseEjectionTime: string;
      maxEjectionPercent: number;
    };
  } | null;
  trafficWeights: Record<string, number> | null;
  access: string[] | null;
};

export type IntentChangeInput = Partial<Omit<IntentDto, "hostname">> & {
  namespace: string;
  name: string;
  version: number;
};

export type PlanDto = {
  clusters: { cluster: string; create: number; change: number; delete: number; diff: string }[];
  warnings: {
    severity: "error" | "warning" | "info";
    code: string;
    message: string;
    cluster?: string;
    globalService?: string;
  }[];
};

export type ChangeSetDto = { id: string; number: number };

/** GET /api/v1/intent: every global service's sharing and failover intent, with versions. */
export function useIntent() {
  return useQuery({
    queryKey: queryKeys.intent.list(),
    queryFn: ({ signal }) => apiFetch<{ items: IntentDto[] }>("/api/v1/intent", { signal }),
  });
}

/** POST /api/v1/plans: what a proposed intent change would do, per cluster. Changes nothing. */
export function usePlan() {
  return useMutation({
    mutationFn: (changes: IntentChangeInput[]) =>
      apiFetch<PlanDto>("/api/v1/plans", { method: "POST", ...jsonBody({ changes }) }),
  });
}

/** POST /api/v1/change-sets: apply a reviewed plan; 409 when the intent moved since. */
export function useApplyPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ changes }: { plan: PlanDto; changes: IntentChangeInput[] }) =>
      apiFetch<ChangeSetDto>("/api/v1/change-sets", { method: "POST", ...jsonBody({ changes }) }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.intent.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.changeSets.all }),
      ]),
  });
}

export type ServingDto = {
  consumers: {
    cluster: string;
    servedBy: {
      cluster: string;
      tier: number;
      healthy: boolean;
      endpoints: { ready: number; total: number };
      weight?: number;
      local: boolean;
    }[];
  }[];
};

/** GET /api/v1/global-services/{ns}/{name}/serving: who would serve each consumer now. */
export function useServing(namespace: string, name: string) {
  return useQuery({
    queryKey: queryKeys.intent.serving(namespace, name),
    queryFn: ({ signal }) =>
      apiFetch<ServingDto>(
        `/api/v1/global-services/${encodeURIComponent(namespace)}/${encodeURIComponent(name)}/serving`,
        { signal },
      ),
    refetchInterval: 15_000,
  });
}
