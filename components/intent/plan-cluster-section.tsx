"use client";

import { ChevronDown, ChevronRight } from "lucide-react";
import { useId, useState } from "react";
import { YamlDiff } from "./yaml-diff";

export type PlanClusterView = {
  cluster: string;
  displayName?: string;
  create: number;
  change: number;
  delete: number;
  /** Unified YAML diff of every resource that changes in the cluster. */
  diff: string;
};

function Count({ n, label, tone }: { n: number; label: string; tone: string }) {
  return (
    <span className={n > 0 ? tone : "text-subtle"} data-testid={`plan-count-${label}`}>
      <span className="font-semibold tabular-nums">{n}</span> {label}
    </span>
  );
}

/** One cluster of a plan: create/change/delete counts and its collapsible YAML diff. */
export function PlanClusterSection({
  plan,
  defaultOpen = true,
}: {
  plan: PlanClusterView;
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const bodyId = useId();
  const Chevron = open ? ChevronDown : ChevronRight;
  const empty = plan.create + plan.change + plan.delete === 0;
  return (
    <section
      className="border-border bg-surface rounded-lg border shadow-xs"
      aria-label={`Plan for ${plan.cluster}`}
      data-testid={`plan-cluster-${plan.cluster}`}
    >
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
          className="hover:bg-surface-hover flex w-full items-center gap-2 rounded-lg px-4 py-2.5 text-left"
        >
          <Chevron className="text-subtle size-4" aria-hidden />
          <span className="text-fg text-sm font-semibold">{plan.displayName || plan.cluster}</span>
          {plan.displayName && plan.displayName !== plan.cluster ? (
            <span className="text-subtle font-mono text-xs">{plan.cluster}</span>
          ) : null}
          <span className="ml-auto flex gap-3 text-xs">
            <Count n={plan.create} label="create" tone="text-emerald-700 dark:text-emerald-400" />
            <Count n={plan.change} label="change" tone="text-amber-800 dark:text-amber-400" />
            <Count n={plan.delete} label="delete" tone="text-red-700 dark:text-red-400" />
          </span>
        </button>
      </h3>
      {open ? (
        <div id={bodyId} className="border-border border-t px-4 py-3">
          {empty ? (
            <p className="text-subtle text-xs">No resource changes in this cluster.</p>
          ) : (
            <YamlDiff diff={plan.diff} label={`Diff for ${plan.cluster}`} />
          )}
        </div>
      ) : null}
    </section>
  );
}
