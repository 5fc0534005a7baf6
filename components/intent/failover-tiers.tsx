"use client";

import clsx from "clsx";
import { ArrowDown, ArrowUp, GripVertical, Plus, X } from "lucide-react";
import { useState, type DragEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import {
  moveToTier,
  removeFromTiers,
  setWeight,
  shiftTier,
  toggleTierWeights,
  type Tier,
} from "./failover-draft";

export type FailoverCandidate = {
  name: string;
  displayName: string;
  endpoints: { ready: number; total: number };
  stale: boolean;
  /** A VM site: it can be a tier like any cluster. */
  site?: boolean;
};

type FailoverTiersProps = {
  tiers: Tier[];
  candidates: FailoverCandidate[];
  disabled: boolean;
  onChange: (tiers: Tier[]) => void;
};

const DRAG_TYPE = "application/x-meridian-cluster";

function healthDot(c: FailoverCandidate | undefined) {
  if (!c || c.stale) return "bg-subtle";
  if (c.endpoints.ready === 0) return "bg-red-500";
  return c.endpoints.ready < c.endpoints.total ? "bg-amber-500" : "bg-emerald-500";
}

/** A drop target: a tier, the "new tier" slot or the pool of clusters outside failover. */
function DropZone({
  onDropCluster,
  disabled,
  className,
  children,
  label,
  testId,
}: {
  onDropCluster: (name: string) => void;
  disabled: boolean;
  className?: string;
  children: ReactNode;
  label: string;
  testId: string;
}) {
  const [over, setOver] = useState(false);
  function handleDrop(e: DragEvent<HTMLDivElement>) {
    e.preventDefault();
    setOver(false);
    const name = e.dataTransfer.getData(DRAG_TYPE);
    if (name) onDropCluster(name);
  }
  return (
    <div
      role="group"
      aria-label={label}
      data-testid={testId}
      onDragOver={(e) => {
        if (disabled || !e.dataTransfer.types.includes(DRAG_TYPE)) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={handleDrop}
      className={clsx(
        "rounded-md border transition-colors",
        over ? "border-accent bg-accent/5" : "border-border",
        className,
      )}
    >
      {children}
    </div>
  );
}

/**
 * Ordered failover tiers: drag clusters between tiers, or use the up/down buttons (the
 * keyboard path). Weights inside a tier are optional and must add up to 100.
 */
export function FailoverTiers({ tiers, candidates, disabled, onChange }: FailoverTiersProps) {
  const byName = new Map(candidates.map((c) => [c.name, c]));
  const inTiers = new Set(tiers.flatMap((t) => t.clusters.map((c) => c.name)));
  const pool = candidates.filter((c) => !inTiers.has(c.name));

  function chip(
    name: string,
    tierIndex: number | null,
    weight: number | undefined,
    weighted: boolean,
  ) {
    const c = byName.get(name);
    const label = c?.displayName || name;
    return (
      <li
        key={name}
        draggable={!disabled}
        onDragStart={(e) => {
          e.dataTransfer.setData(DRAG_TYPE, name);
          e.dataTransfer.effectAllowed = "move";
        }}
        data-testid={`failover-cluster-${name}`}
        className={clsx(
          "bg-surface border-border-strong flex items-center gap-1.5 rounded-md border py-1 pr-1 pl-1 text-xs shadow-xs",
          !disabled && "cursor-grab active:cursor-grabbing",
        )}
      >
        <GripVertical className="text-subtle size-3.5" aria-hidden />
        <span className={clsx("size-1.5 rounded-full", healthDot(c))} aria-hidden />
        <span className="text-fg font-medium">{label}</span>
        {c?.site ? (
          <span
            className="rounded bg-sky-50 px-1 text-[10px] font-medium text-sky-800 dark:bg-sky-500/10 dark:text-sky-300"
            title="VMs or bare-metal hosts outside Kubernetes"
            data-testid="failover-site"
          >
            VM site
          </span>
        ) : null}
        <span className="text-subtle tabular-nums">
          {c ? `${c.endpoints.ready}/${c.endpoints.total}` : "not running"}
        </span>
        {tierIndex !== null && weighted ? (
          <label className="text-subtle ml-1 flex items-center gap-1">
            <span className="sr-only">
              Weight of {label} in tier {tierIndex + 1}
            </span>
            <input
              type="number"
              min={0}
              max={100}
              value={weight ?? ""}
              disabled={disabled}
              onChange={(e) =>
                onChange(
                  setWeight(
                    tiers,
                    name,
                    e.target.value === "" ? undefined : Number(e.target.value),
                  ),
                )
              }
              className="border-border-strong bg-surface text-fg h-6 w-12 rounded border px-1 text-right tabular-nums"
            />
            %
          </label>
        ) : null}
        <span className="ml-auto flex items-center">
          {tierIndex === null ? (
            <Button
              size="sm"
              variant="ghost"
              className="h-6 px-1.5"
              disabled={disabled}
              aria-label={`Add ${label} to the last tier`}
              onClick={() => onChange(moveToTier(tiers, name, tiers.length))}
            >
              <Plus className="size-3.5" aria-hidden />
            </Button>
          ) : (
            <>
              <Button
                size="sm"
                variant="ghost"
                className="h-6 px-1"
                disabled={disabled || (tierIndex === 0 && tiers[0]?.clusters.length === 1)}
                aria-label={`Move ${label} up a tier`}
                onClick={() => onChange(shiftTier(tiers, name, -1))}
              >
                <ArrowUp className="size-3.5" aria-hidden />
              </Button>
              <Button
                size="sm"
                variant="ghost"
                className="h-6 px-1"
                disabled={
                  disabled ||
                  (tierIndex === tiers.length - 1 && tiers[tierIndex]?.clusters.length === 1)
                }
                aria-label={`Move ${label} down a tier`}
                onClick={() => onChange(shiftTier(tiers, name, 1))}
              >
                <ArrowDown className="size-3.5" aria-hidden />
              </Button>
              <Button
                size="sm"
                variant="ghost"
                className="h-6 px-1"
                disabled={disabled}
                aria-label={`Remove ${label} from failover`}
                onClick={() => onChange(removeFromTiers(tiers, name))}
              >
                <X className="size-3.5" aria-hidden />
              </Button>
            </>
          )}
        </span>
      </li>
    );
  }

  return (
    <div className="space-y-2" data-testid="failover-tiers">
      {tiers.map((tier, i) => {
        const weighted = tier.clusters.some((c) => c.weight !== undefined);
        const sum = tier.clusters.reduce((s, c) => s + (c.weight ?? 0), 0);
        return (
          <DropZone
            key={i}
            label={`Tier ${i + 1}`}
            testId={`failover-tier-${i + 1}`}
            disabled={disabled}
            onDropCluster={(name) => onChange(moveToTier(tiers, name, i))}
            className="bg-surface-2/40 p-2"
          >
            <div className="mb-1.5 flex items-center gap-2 text-[11px]">
              <span className="text-fg font-semibold tracking-wide uppercase">Tier {i + 1}</span>
              <span className="text-subtle">
                {i === 0 ? "preferred" : `if tier ${i} has no healthy endpoints`}
              </span>
              {tier.clusters.length > 1 ? (
                <label className="text-muted ml-auto flex items-center gap-1.5">
                  <input
                    type="checkbox"
                    checked={weighted}
                    disabled={disabled}
                    onChange={(e) => onChange(toggleTierWeights(tiers, i, e.target.checked))}
                    className="size-3.5 accent-[var(--accent)]"
                  />
                  Weighted
                  {weighted ? (
                    <span
                      className={clsx(
                        "tabular-nums",
                        sum === 100
                          ? "text-subtle"
                          : "font-semibold text-red-700 dark:text-red-400",
                      )}
                      data-testid={`tier-${i + 1}-sum`}
                    >
                      (Σ {sum}%)
                    </span>
                  ) : null}
                </label>
              ) : null}
            </div>
            <ul className="flex flex-wrap gap-1.5">
              {tier.clusters.map((c) => chip(c.name, i, c.weight, weighted))}
            </ul>
          </DropZone>
        );
      })}
      <DropZone
        label="New tier"
        testId="failover-new-tier"
        disabled={disabled}
        onDropCluster={(name) => onChange(moveToTier(tiers, name, tiers.length))}
        className="text-subtle border-dashed px-3 py-2 text-center text-xs"
      >
        Drop a cluster here to add tier {tiers.length + 1}
      </DropZone>
      <DropZone
        label="Not in failover"
        testId="failover-pool"
        disabled={disabled}
        onDropCluster={(name) => onChange(removeFromTiers(tiers, name))}
        className="p-2"
      >
        <div className="text-subtle mb-1.5 text-[11px] font-medium tracking-wide uppercase">
          Not in failover
        </div>
        {pool.length === 0 ? (
          <p className="text-subtle text-xs">Every exporting cluster is in a tier.</p>
        ) : (
          <ul className="flex flex-wrap gap-1.5">
            {pool.map((c) => chip(c.name, null, undefined, false))}
          </ul>
        )}
      </DropZone>
    </div>
  );
}
