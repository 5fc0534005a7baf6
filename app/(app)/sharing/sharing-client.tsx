"use client";

import { Search, Share2, SearchX } from "lucide-react";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import {
  useApplyPlan,
  useIntent,
  usePlan,
  useReplan,
  type IntentChangeInput,
} from "@/components/data/use-intent";
import { DraftBar } from "@/components/intent/draft-bar";
import {
  draftEdits,
  draftTitle,
  rebaseDraft,
  toggleSharing,
  type SharingDraft,
} from "@/components/intent/draft";
import { useSessionDraft } from "@/components/intent/use-session-draft";
import {
  ExportMatrix,
  type MatrixCluster,
  type MatrixRow,
} from "@/components/intent/export-matrix";
import { MatrixLegend } from "@/components/intent/matrix-legend";
import { planView, warningsByCell } from "@/components/intent/plan-view";
import { sharingMismatches, type CompatCluster } from "@/lib/domain/sharing-compat";
import { PlanReview } from "@/components/intent/plan-review";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Input, Select } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";

type SharingClientProps = {
  canChange: boolean;
  clusters: MatrixCluster[];
  rows: MatrixRow[];
  /** The search box's first value (`?q=` from a link such as the failover editor's). */
  initialSearch?: string;
};

function MatrixSkeleton() {
  return (
    <div role="status" aria-live="polite" className="space-y-2 p-4">
      <span className="sr-only">Loading the export matrix…</span>
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}

export function SharingClient({
  canChange,
  clusters,
  rows,
  initialSearch = "",
}: SharingClientProps) {
  const router = useRouter();
  const intent = useIntent();
  const plan = usePlan();
  const apply = useApplyPlan();
  const [draft, setDraft] = useSessionDraft();
  const [reviewing, setReviewing] = useState(false);
  const [q, setQ] = useState(initialSearch);
  const [namespace, setNamespace] = useState("");
  const [sharedOnly, setSharedOnly] = useState(false);
  const { replanning, replan } = useReplan(apply);

  const intents = useMemo(
    () => new Map((intent.data?.items ?? []).map((i) => [`${i.namespace}/${i.name}`, i])),
    [intent.data],
  );
  const namespaces = useMemo(() => [...new Set(rows.map((r) => r.namespace))].sort(), [rows]);
  const edits = draftEdits(draft, (key) => intents.get(key));
  const conflicts = useMemo(() => warningsByCell(plan.data), [plan.data]);
  const compat = useMemo(
    () =>
      new Map<string, CompatCluster>(
        clusters.flatMap((c) => (c.compat ? [[c.name, { name: c.name, ...c.compat }]] : [])),
      ),
    [clusters],
  );
  // Before any plan: a drafted (or current) pair that cannot work says so on its cells at once.
  const early = useMemo(() => {
    const out = new Map<string, string[]>();
    for (const r of rows) {
      const i = draft[r.key] ?? intents.get(r.key);
      if (!i) continue;
      for (const [cluster, messages] of sharingMismatches(i, compat))
        out.set(`${r.key}|${cluster}`, messages);
    }
    return out;
  }, [rows, draft, intents, compat]);
  const warningsOf = (key: string, cluster: string) => [
    ...new Set([
      ...(early.get(`${key}|${cluster}`) ?? []),
      ...(conflicts.get(`${key}|${cluster}`) ?? []),
    ]),
  ];

  const text = q.trim().toLowerCase();
  const visible = rows.filter((r) => {
    if (namespace && r.namespace !== namespace) return false;
    if (text && !`${r.key} ${r.name} ${r.hostname}`.toLowerCase().includes(text)) return false;
    if (sharedOnly) {
      const i = draft[r.key] ?? intents.get(r.key);
      if (!i || (i.exports.length === 0 && i.imports.length === 0)) return false;
    }
    return true;
  });

  function changesOf(d: SharingDraft, versionOf: (key: string) => number): IntentChangeInput[] {
    return Object.entries(d).map(([key, next]) => {
      const [ns = "", name = ""] = key.split("/");
      return {
        namespace: ns,
        name,
        version: versionOf(key),
        exports: [...next.exports],
        imports: [...next.imports],
      };
    });
  }

  function changes(): IntentChangeInput[] {
    return changesOf(draft, (key) => intents.get(key)?.version ?? 1);
  }

  function handleReview() {
    apply.reset();
    plan.mutate(changes(), { onSuccess: () => setReviewing(true) });
  }

  function handleApply() {
    if (!plan.data) return;
    apply.mutate(
      { changes: changes(), title: draftTitle(edits) },
      {
        onSuccess: (changeSet) => {
          setDraft({});
          router.push(`/changes/${changeSet.number}`);
        },
      },
    );
  }

  // After a 409 someone else changed the intent: reload it, replay the operator's edits on top
  // (their change survives), and plan again.
  function handleReplan() {
    replan(async () => {
      const { data } = await intent.refetch();
      const fresh = new Map((data?.items ?? []).map((i) => [`${i.namespace}/${i.name}`, i]));
      const rebased = rebaseDraft(edits, (key) => fresh.get(key));
      setDraft(rebased);
      if (Object.keys(rebased).length === 0) return setReviewing(false);
      await plan.mutateAsync(changesOf(rebased, (key) => fresh.get(key)?.version ?? 1));
    });
  }

  const view = plan.data ? planView(plan.data, clusters) : null;

  return (
    <>
      <PageHeader
        title="Sharing"
        description="Which clusters export each global service, and which consumer clusters import it. Nothing is shared until it is exported; every change is planned before it is applied."
      />
      {reviewing && view ? (
        <PlanReview
          clusters={view.clusters}
          warnings={view.warnings}
          summary={<DraftBar.Summary edits={edits} />}
          canChange={canChange}
          applying={apply.isPending}
          replanning={replanning || plan.isPending}
          applyError={apply.error}
          onApply={handleApply}
          onReplan={handleReplan}
          onBack={() => setReviewing(false)}
        />
      ) : (
        <Card className="overflow-hidden">
          <div
            role="search"
            className="border-border flex flex-wrap items-center gap-2 border-b px-4 py-3"
          >
            <div className="relative w-72">
              <Search
                className="text-subtle pointer-events-none absolute top-1/2 left-2.5 size-3.5 -translate-y-1/2"
                aria-hidden
              />
              <Input
                type="search"
                aria-label="Search global services"
                placeholder="Search name, namespace, host"
                value={q}
                onChange={(e) => setQ(e.target.value)}
                className="pl-8"
              />
            </div>
            <Select
              aria-label="Namespace"
              value={namespace}
              onChange={(e) => setNamespace(e.target.value)}
              className="w-auto max-w-full"
            >
              <option value="">All namespaces</option>
              {namespaces.map((ns) => (
                <option key={ns} value={ns}>
                  {ns}
                </option>
              ))}
            </Select>
            <label className="border-border-strong bg-surface text-fg flex h-8 cursor-pointer items-center gap-2 rounded-md border px-2.5 text-[13px] whitespace-nowrap select-none">
              <input
                type="checkbox"
                checked={sharedOnly}
                onChange={(e) => setSharedOnly(e.target.checked)}
                className="size-3.5 accent-[var(--accent)]"
              />
              Shared only
            </label>
          </div>
          {intent.error && !intent.data ? (
            <div className="p-4">
              <ErrorPanel
                title="Could not load the sharing intent"
                message={intent.error.message}
                onRetry={() => void intent.refetch()}
                retrying={intent.isFetching}
              />
            </div>
          ) : intent.isPending ? (
            <MatrixSkeleton />
          ) : rows.length === 0 || clusters.length === 0 ? (
            <EmptyState
              icon={<Share2 aria-hidden />}
              title="Nothing to share yet"
              data-testid="sharing-empty"
            >
              Global services appear here once the agents of at least one live cluster report their
              Services.
            </EmptyState>
          ) : visible.length === 0 ? (
            <EmptyState icon={<SearchX aria-hidden />} title="No global services match">
              <Button
                className="mt-2"
                onClick={() => {
                  setQ("");
                  setNamespace("");
                  setSharedOnly(false);
                }}
              >
                Clear filters
              </Button>
            </EmptyState>
          ) : (
            <ExportMatrix
              clusters={clusters}
              rows={visible}
              intentOf={(key) => intents.get(key)}
              draft={draft}
              conflictsOf={warningsOf}
              canChange={canChange}
              onToggle={(key, kind, cluster) =>
                setDraft((d) => toggleSharing(d, key, intents.get(key), kind, cluster))
              }
            />
          )}
          <div className="border-border text-subtle flex flex-wrap items-center gap-3 border-t px-4 py-2 text-xs">
            <span data-testid="matrix-count">
              {visible.length} of {rows.length} global services × {clusters.length} live clusters
              {canChange ? "" : " · read-only: viewers cannot change sharing"}
            </span>
            <MatrixLegend />
          </div>
        </Card>
      )}
      {!reviewing ? (
        <DraftBar
          edits={edits}
          planning={plan.isPending}
          error={plan.error}
          onDiscard={() => {
            setDraft({});
            plan.reset();
          }}
          onReview={handleReview}
          onReplan={() => {
            setReviewing(true);
            handleReplan();
          }}
        />
      ) : null}
    </>
  );
}
