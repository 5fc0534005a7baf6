"use client";

import { RotateCcw } from "lucide-react";
import Link from "next/link";
import { Breadcrumb } from "@/components/ui/breadcrumb";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { ChangeSetDto, RollbackStaleDetails } from "@/lib/model/intent";
import { ChangeSetNotFound } from "@/components/changes/change-set-not-found";
import { ChangeStatusBadge } from "@/components/changes/change-status";
import { ChangeList } from "@/components/changes/change-list";
import { ClusterStatusTable } from "@/components/changes/cluster-status-table";
import { RestorePlan } from "@/components/changes/restore-plan";
import { RollbackStale, staleRollbackOf } from "@/components/changes/rollback-stale";
import { ApiRequestError } from "@/components/data/api-error";
import { useChangeSet, useRollback } from "@/components/data/use-change-sets";
import { PlanClusterSection } from "@/components/intent/plan-cluster-section";
import { PlanWarnings } from "@/components/intent/plan-warnings";
import { planView } from "@/components/intent/plan-view";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorPanel } from "@/components/ui/error-panel";
import { PageHeader } from "@/components/ui/page-header";
import { RelativeTime } from "@/components/ui/relative-time";
import { PageSkeleton } from "@/components/ui/skeleton";
import { rollbackBlocked } from "@/components/changes/rollback-blocked";

export function ChangeSetClient({
  id,
  initial,
  changes,
  canChange,
}: {
  id: string;
  /** What it did to the intent, in words ("export bookinfo/ratings from east-2", …). */
  changes: string[];
  /** The change set as the server read it for this request (the page 404s without one). */
  initial: ChangeSetDto;
  canChange: boolean;
}) {
  const router = useRouter();
  const { data, error, isPending, isFetching, refetch } = useChangeSet(id, initial);
  const rollback = useRollback();
  const [confirming, setConfirming] = useState(false);
  // A stale rollback's restore, being planned as a new change (null: the change set itself).
  const [restoring, setRestoring] = useState<RollbackStaleDetails | null>(null);
  const stale = staleRollbackOf(rollback.error);

  if (error && !data) {
    if (error instanceof ApiRequestError && error.status === 404)
      return <ChangeSetNotFound id={id} />;
    return (
      <ErrorPanel
        title="Could not load this change set"
        message={error.message}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  }
  if (isPending || !data) return <PageSkeleton rows={4} />;

  const pending = data.status === "pending" || data.clusters.some((c) => c.status === "pending");
  const view = data.plan ? planView(data.plan, []) : null;
  const blocked = rollbackBlocked({ kind: data.kind, status: data.status, pending });
  const canRollBack = canChange && blocked === null;

  return (
    <>
      <PageHeader
        eyebrow={
          <Breadcrumb parent={{ href: "/changes", label: "Changes" }} current={`#${data.number}`} />
        }
        title={data.title}
        actions={
          canChange ? (
            <div className="flex flex-col items-end gap-1">
              <Button
                variant="danger"
                disabled={!canRollBack}
                aria-describedby={blocked ? "rollback-blocked" : undefined}
                onClick={() => {
                  rollback.reset();
                  setConfirming(true);
                }}
              >
                <RotateCcw className="size-3.5" aria-hidden />
                Roll back
              </Button>
              {blocked ? (
                <p id="rollback-blocked" className="text-muted max-w-64 text-right text-xs">
                  {blocked}
                </p>
              ) : null}
            </div>
          ) : null
        }
      >
        <div
          className="text-muted mt-2 flex flex-wrap items-center gap-2 text-xs"
          data-testid="change-set-status"
        >
          <ChangeStatusBadge status={data.status} />
          <span>
            #{data.number} by {data.createdBy ?? "system"} · <RelativeTime iso={data.createdAt} />
          </span>
          {data.rollbackOf !== null ? (
            <Link href={`/changes/${data.rollbackOf}`} className="hover:text-fg underline">
              rolls back #{data.rollbackOf}
            </Link>
          ) : null}
          {pending ? (
            <span className="text-sky-700 dark:text-sky-300" aria-live="polite">
              Live — waiting for the agents to report…
            </span>
          ) : null}
        </div>
      </PageHeader>

      {restoring ? (
        <RestorePlan details={restoring} canChange={canChange} onBack={() => setRestoring(null)} />
      ) : (
        <div className="space-y-4">
          {changes.length > 0 ? <ChangeList changes={changes} /> : null}
          <Card className="overflow-hidden">
            <CardHeader
              title="Clusters"
              description="Each affected cluster's agent applies the new desired generation and reports back."
            />
            {data.clusters.length === 0 ? (
              <p className="text-subtle px-4 py-6 text-center text-xs">
                No cluster&apos;s resources changed.
              </p>
            ) : (
              <ClusterStatusTable rows={data.clusters} />
            )}
          </Card>

          <section aria-labelledby="applied-plan" className="space-y-2">
            <h2 id="applied-plan" className="text-fg text-sm font-semibold">
              Applied plan
            </h2>
            {view ? (
              <>
                <PlanWarnings warnings={view.warnings} />
                {view.clusters
                  .filter((c) => c.create + c.change + c.delete > 0)
                  .map((c) => (
                    <PlanClusterSection key={c.cluster} plan={c} />
                  ))}
              </>
            ) : (
              <p className="text-subtle text-xs">This change set has no recorded plan.</p>
            )}
          </section>
        </div>
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Roll back #${data.number}?`}
        description="Meridian creates a new change set with the intent as it was before this one, and the agents apply it. Nothing else changes."
        confirmLabel={stale ? `Plan a rollback to the state before #${data.number}` : "Roll back"}
        tone={stale ? "primary" : "danger"}
        pending={rollback.isPending}
        error={stale ? null : (rollback.error?.message ?? null)}
        onConfirm={() => {
          if (stale) {
            setConfirming(false);
            setRestoring(stale);
            rollback.reset();
            return;
          }
          rollback.mutate(data.id, {
            onSuccess: (next) => {
              setConfirming(false);
              router.push(`/changes/${next.number}`);
            },
          });
        }}
        data-testid="rollback-dialog"
      >
        {stale ? <RollbackStale details={stale} /> : null}
      </ConfirmDialog>
    </>
  );
}
