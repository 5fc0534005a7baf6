"use client";

import { CircleCheck, LoaderCircle, TriangleAlert } from "lucide-react";
import { APPLY_SUCCEEDED, type ResourceResult } from "@/lib/agent-protocol/messages";
import { useClusterState, type ClusterState } from "@/components/data/use-clusters";
import { Badge } from "@/components/ui/badge";
import { RESULT_TONE } from "./result-tone";
import { RelativeTime } from "@/components/ui/relative-time";
import { Skeleton } from "@/components/ui/skeleton";

/** Results that mean the object is as desired; anything else needs an operator's look. */
// Drifted objects were applied; the objects table and a fleet alert show what changed them.
const OK_RESULTS = APPLY_SUCCEEDED;

/** How many apply problems are listed before "and N more". */
const MAX_PROBLEMS = 5;

type SyncState =
  | { kind: "empty" }
  | { kind: "held"; desired: number }
  | { kind: "waiting"; desired: number }
  | { kind: "applying"; desired: number; observed: number }
  | { kind: "in-sync"; desired: number }
  | { kind: "with-errors"; desired: number; problems: number };

function syncOf(state: ClusterState, clusterState: string, problems: number): SyncState {
  const desired = state.desired.generation;
  const observed = state.observed?.generation;
  if (desired === 0 && (observed ?? 0) === 0) return { kind: "empty" };
  if (clusterState !== "live" && observed !== desired) return { kind: "held", desired };
  if (observed === undefined) return { kind: "waiting", desired };
  if (observed < desired) return { kind: "applying", desired, observed };
  // The agent is at the desired generation, but "in sync" only if every object made it.
  if (problems > 0) return { kind: "with-errors", desired, problems };
  return { kind: "in-sync", desired };
}

function SyncLine({ sync }: { sync: SyncState }) {
  switch (sync.kind) {
    case "empty":
      return <span className="text-subtle">Nothing to apply yet</span>;
    case "held":
      return (
        <span className="text-muted">Generation {sync.desired} held until the cluster is live</span>
      );
    case "waiting":
      return (
        <span className="text-muted inline-flex items-center gap-1.5">
          <LoaderCircle className="size-3.5 animate-spin" aria-hidden />
          Generation {sync.desired} sent, no report yet
        </span>
      );
    case "applying":
      return (
        <span className="inline-flex items-center gap-1.5 text-sky-700 dark:text-sky-300">
          <LoaderCircle className="size-3.5 animate-spin" aria-hidden />
          Applying generation {sync.desired}, cluster at {sync.observed}
        </span>
      );
    case "with-errors":
      return (
        <span className="inline-flex items-center gap-1.5 text-red-700 dark:text-red-300">
          <TriangleAlert className="size-3.5" aria-hidden />
          Generation {sync.desired} applied with {sync.problems}{" "}
          {sync.problems === 1 ? "error" : "errors"}
        </span>
      );
    case "in-sync":
      return (
        <span className="inline-flex items-center gap-1.5 text-emerald-700 dark:text-emerald-400">
          <CircleCheck className="size-3.5" aria-hidden />
          In sync · generation {sync.desired}
        </span>
      );
  }
}

function objectName(r: ResourceResult): string {
  return `${r.kind} ${r.namespace ? `${r.namespace}/` : ""}${r.name}`;
}

function Problems({ problems }: { problems: ResourceResult[] }) {
  const shown = problems.slice(0, MAX_PROBLEMS);
  return (
    <div className="mt-3" data-testid="apply-problems">
      <h3 className="text-subtle text-xs">Not applied</h3>
      <ul className="mt-1.5 space-y-2">
        {shown.map((r) => (
          <li
            key={`${r.apiVersion}/${objectName(r)}`}
            className="border-border bg-surface-2/60 rounded-md border px-2.5 py-1.5"
          >
            <div className="flex items-start justify-between gap-2">
              <span
                className="text-fg min-w-0 font-mono text-[11px] leading-4 break-words"
                title={`${r.apiVersion} ${objectName(r)}`}
              >
                {objectName(r)}
              </span>
              <Badge tone={RESULT_TONE[r.result]}>{r.result}</Badge>
            </div>
            {r.message ? <p className="text-muted mt-1 text-xs break-words">{r.message}</p> : null}
          </li>
        ))}
      </ul>
      {problems.length > shown.length ? (
        <p className="text-subtle mt-1.5 text-xs">and {problems.length - shown.length} more</p>
      ) : null}
    </div>
  );
}

/** Desired vs observed generation, live, with the objects the agent could not apply. */
export function AgentSync({ name, clusterState }: { name: string; clusterState: string }) {
  const { data, error, isPending } = useClusterState(name);

  if (isPending) {
    return (
      <div role="status" className="py-1.5">
        <span className="sr-only">Loading desired state…</span>
        <Skeleton className="h-4 w-44" />
      </div>
    );
  }
  if (error && !data) {
    return (
      <p role="alert" className="py-1.5 text-xs text-red-700 dark:text-red-300">
        Could not load desired state: {error.message}
      </p>
    );
  }
  const observed = data.observed;
  const problems = observed ? observed.results.filter((r) => !OK_RESULTS.has(r.result)) : [];
  const sync = syncOf(data, clusterState, problems.length);
  const objects = data.desired.resources.length;
  return (
    <div data-testid="agent-sync">
      <div className="py-1.5 text-[13px]" data-testid="sync-status">
        <SyncLine sync={sync} />
      </div>
      {sync.kind !== "empty" ? (
        <p className="text-subtle text-xs">
          {objects} {objects === 1 ? "object" : "objects"} desired
          {observed ? (
            <>
              {" "}
              · last applied <RelativeTime iso={observed.reportedAt} />
            </>
          ) : null}
        </p>
      ) : null}
      {problems.length > 0 ? <Problems problems={problems} /> : null}
    </div>
  );
}
