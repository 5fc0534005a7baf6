"use client";

import { ClipboardList, X } from "lucide-react";
import { ApiRequestError } from "@/components/data/api-error";
import { Button } from "@/components/ui/button";
import { describeEdit, type DraftEdit } from "./draft";

/** The draft's edits in words: "export bookinfo/reviews from east-2, …". */
function Summary({ edits }: { edits: DraftEdit[] }) {
  if (edits.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" data-testid="draft-edits">
      {edits.map((e) => (
        <li
          key={`${e.key}|${e.kind}|${e.cluster}`}
          className={
            e.on
              ? "rounded bg-emerald-50 px-1.5 py-px font-mono text-[11px] text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-300"
              : "rounded bg-red-50 px-1.5 py-px font-mono text-[11px] text-red-700 dark:bg-red-500/10 dark:text-red-300"
          }
        >
          {e.on ? "+ " : "− "}
          {describeEdit(e)}
        </li>
      ))}
    </ul>
  );
}

type DraftBarProps = {
  edits: DraftEdit[];
  planning: boolean;
  error: unknown;
  onDiscard: () => void;
  onReview: () => void;
  /** Reload the intent, replay the edits and plan again (after a 409). */
  onReplan: () => void;
};

/** Sticky bar under the matrix while a draft exists: what changed, Discard, Review plan. */
export function DraftBar({ edits, planning, error, onDiscard, onReview, onReplan }: DraftBarProps) {
  if (edits.length === 0) return null;
  const api = error instanceof ApiRequestError ? error : null;
  return (
    <div
      className="border-border bg-surface/95 sticky bottom-3 z-40 mt-4 flex flex-wrap items-center gap-3 rounded-lg border px-4 py-2.5 shadow-lg backdrop-blur"
      data-testid="draft-bar"
    >
      <div className="min-w-0 flex-1">
        <p className="text-fg text-[13px] font-semibold">
          {edits.length} {edits.length === 1 ? "change" : "changes"} in draft
          <span className="text-subtle ml-2 text-xs font-normal">
            not applied yet · Kept in this tab until you apply or discard it
          </span>
        </p>
        <div className="mt-1">
          <Summary edits={edits} />
        </div>
        {error ? (
          <p role="alert" className="mt-1 text-xs text-red-700 dark:text-red-300">
            Could not plan: {api?.message ?? "something went wrong"}
            {api?.issues.length ? ` (${api.issues.map((i) => i.message).join("; ")})` : ""}
            {api?.status === 409 ? (
              <button
                type="button"
                onClick={onReplan}
                className="ml-2 font-semibold underline hover:no-underline"
              >
                Reload and re-plan
              </button>
            ) : null}
          </p>
        ) : null}
      </div>
      <Button onClick={onDiscard} disabled={planning}>
        <X className="size-3.5" aria-hidden />
        Discard
      </Button>
      <Button variant="primary" onClick={onReview} loading={planning}>
        {planning ? null : <ClipboardList className="size-3.5" aria-hidden />}
        Review plan ({edits.length})
      </Button>
    </div>
  );
}

DraftBar.Summary = Summary;
