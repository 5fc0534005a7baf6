"use client";

import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "./button";

type PagerProps = {
  /** 1-based number of the page shown. */
  page: number;
  hasNewer: boolean;
  hasOlder: boolean;
  onNewer: () => void;
  onOlder: () => void;
  /** What the rows are, for the accessible name ("change sets", "events"). */
  what: string;
  loading?: boolean;
  /** Button labels for a list not ordered by time (default "Newer" / "Older"). */
  labels?: { newer: string; older: string };
};

/** Newer / older buttons under a cursor-paged list, newest first. */
export function Pager({
  page,
  hasNewer,
  hasOlder,
  onNewer,
  onOlder,
  what,
  loading,
  labels = { newer: "Newer", older: "Older" },
}: PagerProps) {
  if (!hasNewer && !hasOlder) return null;
  return (
    <nav
      aria-label={`Pages of ${what}`}
      className="border-border flex items-center justify-between gap-2 border-t px-4 py-2.5"
    >
      <Button size="sm" onClick={onNewer} disabled={!hasNewer || loading}>
        <ChevronLeft className="size-3.5" aria-hidden />
        {labels.newer}
      </Button>
      <span className="text-muted text-xs" aria-live="polite">
        Page {page}
      </span>
      <Button size="sm" onClick={onOlder} disabled={!hasOlder || loading}>
        {labels.older}
        <ChevronRight className="size-3.5" aria-hidden />
      </Button>
    </nav>
  );
}

/** The cursors of the pages walked so far: page n is fetched with `stack[n - 1]`. */
export type CursorStack = (string | undefined)[];
