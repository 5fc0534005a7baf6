import { TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";

/** An amber note: something the reader should act on before going on. */
export function WarningNote({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div
      role="note"
      data-testid={testId}
      className="mb-3 flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-[13px] text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
