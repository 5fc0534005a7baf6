"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useApplyPlan, useIntent, usePlan, useReplan } from "@/components/data/use-intent";
import { ErrorPanel } from "@/components/ui/error-panel";
import { PlanReview } from "@/components/intent/plan-review";
import { planView } from "@/components/intent/plan-view";
import { Skeleton } from "@/components/ui/skeleton";
import type { IntentChange, RollbackStaleDetails } from "@/lib/model/intent";

/**
 * A rollback to the state before a change set, planned as a new change: the restore changes
 * of a `rollback_stale` answer, reviewed like any plan and applied as a change set of its own.
 */
export function RestorePlan({
  details,
  canChange,
  onBack,
}: {
  details: RollbackStaleDetails;
  canChange: boolean;
  onBack: () => void;
}) {
  const router = useRouter();
  const intent = useIntent();
  const plan = usePlan();
  const apply = useApplyPlan();
  const { replanning, replan } = useReplan(apply);
  const [changes, setChanges] = useState<IntentChange[]>(details.restore);
  const { mutate } = plan;
  useEffect(() => mutate(details.restore), [mutate, details.restore]);

  // After a 409 the intent moved again: the same restore, at the versions it has now.
  function replanRestore() {
    replan(async () => {
      const { data } = await intent.refetch();
      const versions = new Map((data?.items ?? []).map((i) => [`${i.namespace}/${i.name}`, i]));
      const next = changes.map((c) => ({
        ...c,
        version: versions.get(`${c.namespace}/${c.name}`)?.version ?? c.version,
      }));
      setChanges(next);
      await plan.mutateAsync(next);
    });
  }

  if (plan.error && !plan.data)
    return (
      <ErrorPanel
        title={`Could not plan a rollback to the state before #${details.target}`}
        message={plan.error.message}
        onRetry={() => plan.mutate(changes)}
        retrying={plan.isPending}
      />
    );
  if (!plan.data) return <Skeleton className="h-40 w-full" />;
  return (
    <section aria-labelledby="restore-plan-title" className="space-y-2" data-testid="restore-plan">
      <h2 id="restore-plan-title" className="text-fg text-sm font-semibold">
        Rollback to the state before #{details.target}
      </h2>
      <PlanReview
        {...planView(plan.data, [])}
        summary={
          <>
            Restores {details.services.join(", ")} as{" "}
            {details.services.length === 1 ? "it" : "they"} stood before #{details.target}, undoing{" "}
            {details.changeSets.map((c) => `#${c.number}`).join(", ") || "the later changes"} too.
          </>
        }
        canChange={canChange}
        applying={apply.isPending}
        replanning={replanning || plan.isPending}
        applyError={apply.error}
        onApply={() =>
          apply.mutate(
            { changes, title: `Rollback to the state before #${details.target}` },
            { onSuccess: (cs) => router.push(`/changes/${cs.number}`) },
          )
        }
        onReplan={replanRestore}
        onBack={onBack}
      />
    </section>
  );
}
