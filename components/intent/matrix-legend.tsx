import { ArrowDownToLine, ArrowUpFromLine, TriangleAlert } from "lucide-react";

/** Key to the matrix cells: export, import, edited, conflict, and the health dot. */
export function MatrixLegend() {
  return (
    <div
      className="text-subtle ml-auto flex flex-wrap items-center gap-3 text-[11px]"
      aria-label="Legend"
    >
      <span className="inline-flex items-center gap-1">
        <span className="inline-flex h-4 items-center rounded bg-violet-600 px-1 text-white">
          <ArrowUpFromLine className="size-3" aria-hidden />
        </span>
        exported
      </span>
      <span className="inline-flex items-center gap-1">
        <span className="inline-flex h-4 items-center rounded bg-teal-700 px-1 text-white">
          <ArrowDownToLine className="size-3" aria-hidden />
        </span>
        imported
      </span>
      <span className="inline-flex items-center gap-1">
        <span className="size-3 rounded ring-2 ring-amber-400" aria-hidden />
        edited
      </span>
      <span className="inline-flex items-center gap-1">
        <TriangleAlert className="size-3 text-amber-600 dark:text-amber-400" aria-hidden />
        warning
      </span>
      <span className="inline-flex items-center gap-1">
        <span className="size-1.5 rounded-full bg-emerald-500" aria-hidden />
        runs here (ready/total)
      </span>
    </div>
  );
}
