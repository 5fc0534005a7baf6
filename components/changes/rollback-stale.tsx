"use client";

import Link from "next/link";
import { ApiRequestError } from "@/components/data/api-error";
import { RelativeTime } from "@/components/ui/relative-time";
import { rollbackStaleDetailsSchema, type RollbackStaleDetails } from "@/lib/model/intent";

/** The details of a `rollback_stale` 409, or null for any other failure. */
export function staleRollbackOf(error: unknown): RollbackStaleDetails | null {
  if (!(error instanceof ApiRequestError) || error.code !== "rollback_stale") return null;
  const parsed = rollbackStaleDetailsSchema.safeParse(error.details);
  return parsed.success ? parsed.data : null;
}

/** Why a rollback cannot run as is: the services that moved on and the change sets that moved them. */
export function RollbackStale({ details }: { details: RollbackStaleDetails }) {
  return (
    <div
      role="alert"
      data-testid="rollback-stale"
      className="space-y-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2.5 text-[13px] text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-100"
    >
      <p className="font-semibold">
        {details.services.join(", ")} changed since #{details.target}
      </p>
      <p>
        Rolling #{details.target} back now would also undo{" "}
        {details.changeSets.length === 1 ? "this change set" : "these change sets"}:
      </p>
      <ul className="space-y-1">
        {details.changeSets.map((c) => (
          <li key={c.number} className="flex flex-wrap items-baseline gap-x-2">
            <Link
              href={`/changes/${c.number}`}
              className="font-medium underline underline-offset-2"
            >
              #{c.number} {c.title}
            </Link>
            <RelativeTime iso={c.createdAt} className="text-xs" />
          </li>
        ))}
      </ul>
      <p>
        Plan a rollback to the state before #{details.target} instead: you review the plan, then
        apply it as a new change set.
      </p>
    </div>
  );
}
