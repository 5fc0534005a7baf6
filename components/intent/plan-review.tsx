"use client";

import { ArrowLeft, CircleAlert, Eye, RefreshCw, Rocket } from "lucide-react";
import type { ReactNode } from "react";
import { ApiRequestError } from "@/components/data/api-error";
import { formatAbsolute } from "@/components/format/time";
import { lastChangeDetailsSchema } from "@/lib/model/intent";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PlanClusterSection, type PlanClusterView } from "./plan-cluster-section";
import { PlanWarnings, type PlanWarningView } from "./plan-warnings";

type PlanReviewProps = {
  clusters: PlanClusterView[];
  warnings: PlanWarningView[];
  /** What the operator changed, in words (shown above the diff). */
  summary?: ReactNode;
  canChange: boolean;
  applying: boolean;
  replanning?: boolean;
  applyError: unknown;
  onApply: () => void;
  onReplan: () => void;
  onBack: () => void;
};

/** The API's message as a sentence, so ours can follow it. */
function sentence(text: string): string {
  const t = text.trim();
  return t === "" || /[.!?]$/.test(t) ? t : `${t}.`;
}

/** The API's answer to a failed apply, in an operator's words. */
function ApplyError({
  error,
  onReplan,
  replanning,
}: {
  error: unknown;
  onReplan: () => void;
  replanning?: boolean;
}) {
  const api = error instanceof ApiRequestError ? error : null;
  const stale = api?.status === 409;
  const last = lastChangeDetailsSchema.safeParse(api?.details).data?.lastChange;
  return (
    <div
      role="alert"
      data-testid={stale ? "plan-stale" : "apply-error"}
      className="flex flex-wrap items-start gap-3 rounded-md border border-red-300 bg-red-50 px-3 py-2.5 text-[13px] text-red-800 dark:border-red-500/40 dark:bg-red-500/10 dark:text-red-200"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">
          {stale
            ? "Someone changed this intent since you planned — re-plan"
            : api && api.status >= 400 && api.status < 500
              ? "The plan was not applied"
              : "Could not apply the plan"}
        </p>
        <p className="mt-0.5">
          {stale
            ? `${sentence(`${api?.message ?? ""}${last ? ` on ${formatAbsolute(last.at)}` : ""}`)} Nothing was applied; re-plan to review the changes against the current intent.`
            : (api?.message ?? "Something went wrong. Nothing was applied; try again.")}
        </p>
        {api && api.issues.length > 0 ? (
          <ul className="mt-1 list-disc pl-4 text-xs">
            {api.issues.map((issue, i) => (
              <li key={i}>
                <span className="font-mono">{issue.path.join(".")}</span>: {issue.message}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {stale ? (
        <Button size="sm" onClick={onReplan} loading={replanning}>
          {replanning ? null : <RefreshCw className="size-3.5" aria-hidden />}
          Re-plan
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The plan review screen: what changes in each cluster (counts and YAML diff), the warnings,
 * and the Apply button for operators and admins. Viewers see the plan read-only.
 */
export function PlanReview({
  clusters,
  warnings,
  summary,
  canChange,
  applying,
  replanning,
  applyError,
  onApply,
  onReplan,
  onBack,
}: PlanReviewProps) {
  const affected = clusters.filter((c) => c.create + c.change + c.delete > 0);
  const totals = affected.reduce(
    (t, c) => ({
      create: t.create + c.create,
      change: t.change + c.change,
      delete: t.delete + c.delete,
    }),
    { create: 0, change: 0, delete: 0 },
  );
  const errors = warnings.filter((w) => w.severity === "error").length;
  return (
    <div className="space-y-4" data-testid="plan-review">
      <Card className="flex flex-wrap items-center gap-x-6 gap-y-3 px-4 py-3">
        <div className="min-w-0 flex-1">
          <h2 className="text-fg text-sm font-semibold">Review plan</h2>
          <p className="text-muted mt-0.5 text-xs" data-testid="plan-summary">
            {affected.length === 0
              ? "This change does not alter any cluster's resources."
              : `${affected.length} ${affected.length === 1 ? "cluster" : "clusters"} · ${totals.create} to create, ${totals.change} to change, ${totals.delete} to delete.`}{" "}
            Nothing changes until you apply.
            {errors > 0 && canChange ? (
              <span className="ml-1 font-medium text-red-700 dark:text-red-300">
                Resolve the {errors === 1 ? "error" : `${errors} errors`} below to apply.
              </span>
            ) : null}
          </p>
          {summary ? <div className="text-muted mt-1.5 text-xs">{summary}</div> : null}
        </div>
        <div className="flex items-center gap-2">
          <Button onClick={onBack} disabled={applying}>
            <ArrowLeft className="size-3.5" aria-hidden />
            Back to edit
          </Button>
          {canChange ? (
            <Button
              variant="primary"
              onClick={onApply}
              loading={applying}
              disabled={errors > 0 || replanning}
              title={errors > 0 ? "Fix the errors before applying" : undefined}
            >
              {applying ? null : <Rocket className="size-3.5" aria-hidden />}
              Apply
            </Button>
          ) : (
            <span
              className="text-subtle inline-flex items-center gap-1.5 text-xs"
              data-testid="plan-read-only"
            >
              <Eye className="size-3.5" aria-hidden />
              Read-only: viewers cannot apply
            </span>
          )}
        </div>
      </Card>
      {applyError ? (
        <ApplyError error={applyError} onReplan={onReplan} replanning={replanning} />
      ) : null}
      <PlanWarnings warnings={warnings} />
      {clusters.length === 0 ? (
        <Card>
          <EmptyState title="Nothing to apply">
            The proposed intent compiles to the same resources every cluster already has.
          </EmptyState>
        </Card>
      ) : (
        <div className="space-y-2">
          {clusters.map((c) => (
            <PlanClusterSection
              key={c.cluster}
              plan={c}
              defaultOpen={c.create + c.change + c.delete > 0}
            />
          ))}
        </div>
      )}
    </div>
  );
}
