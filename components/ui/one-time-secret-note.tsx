import { TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";

/** The warning above a secret that is shown only once (API tokens, join tokens). */
export function OneTimeSecretNote({ children }: { children: ReactNode }) {
  return (
    <div
      role="note"
      className="mb-3 flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-[13px] text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
