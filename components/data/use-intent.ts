"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiFetch, jsonBody } from "./api-error";
import { queryKeys } from "./query-keys";

import type {
  ChangeSetDto,
  IntentChange,
  IntentDto,
  PlanDto,
  ServingDto,
} from "@/lib/model/intent";
import {
  changeSetDtoSchema,
  intentListSchema,
  planDtoSchema,
  servingDtoSchema,
} from "@/lib/model/intent";

export type { ChangeSetDto, IntentDto, PlanDto, ServingDto };
/** One proposed change to a global service's intent (POST /api/v1/plans and /change-sets). */
export type IntentChangeInput = IntentChange;

/** GET /api/v1/intent: every global service's sharing and failover intent, with versions. */
export function useIntent() {
  return useQuery({
    queryKey: queryKeys.intent.list(),
    queryFn: async ({ signal }) => {
      // Keyset pages of up to 1,000 services; the matrix needs them all to know every version.
      const items: IntentDto[] = [];
      let cursor: string | null | undefined;
      do {
        const page = await apiFetch(
          intentListSchema,
          `/api/v1/intent${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`,
          { signal },
        );
        items.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor);
      return { items };
    },
  });
}

/** POST /api/v1/plans: what a proposed intent change would do, per cluster. Changes nothing. */
export function usePlan() {
  return useMutation({
    mutationFn: (changes: IntentChangeInput[]) =>
      apiFetch(planDtoSchema, "/api/v1/plans", { method: "POST", ...jsonBody({ changes }) }),
  });
}

/** POST /api/v1/change-sets: apply a reviewed plan; 409 when the intent moved since. */
export function useApplyPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ changes, title }: { changes: IntentChangeInput[]; title?: string }) =>
      apiFetch(changeSetDtoSchema, "/api/v1/change-sets", {
        method: "POST",
        ...jsonBody(title ? { changes, title } : { changes }),
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.intent.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.changeSets.all }),
      ]),
  });
}

/** GET /api/v1/global-services/{ns}/{name}/serving: who would serve each consumer now. */
export function useServing(namespace: string, name: string) {
  return useQuery({
    queryKey: queryKeys.intent.serving(namespace, name),
    queryFn: ({ signal }) =>
      apiFetch(
        servingDtoSchema,
        `/api/v1/global-services/${encodeURIComponent(namespace)}/${encodeURIComponent(name)}/serving`,
        { signal },
      ),
    refetchInterval: 15_000,
  });
}

/**
 * Plan again after a 409 (someone else changed the intent). The 409 and its banner stay, and
 * Apply waits, until `work` (reload the intent, plan at the new versions) has settled: an Apply
 * pressed mid-replan would send the old versions and meet the same 409.
 */
export function useReplan(apply: { reset: () => void }) {
  const [replanning, setReplanning] = useState(false);
  function replan(work: () => Promise<unknown>) {
    setReplanning(true);
    // A failed reload or plan shows as the query's or the plan's own error.
    void work()
      .catch(() => undefined)
      .finally(() => {
        apply.reset();
        setReplanning(false);
      });
  }
  return { replanning, replan };
}
