import clsx from "clsx";
import type { ReactNode } from "react";

type StatCardProps = {
  label: string;
  value: number | string;
  icon?: ReactNode;
  /** Draw attention (e.g. stale clusters > 0). */
  tone?: "default" | "warning" | "info";
  hint?: ReactNode;
};

const TONE: Record<NonNullable<StatCardProps["tone"]>, string> = {
  default: "",
  warning: "border-amber-300 dark:border-amber-500/40",
  info: "border-sky-300 dark:border-sky-500/40",
};

export function StatCard({ label, value, icon, tone = "default", hint }: StatCardProps) {
  const id = `stat-${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <div
      className={clsx("border-border bg-surface rounded-lg border px-4 py-3 shadow-xs", TONE[tone])}
      data-testid={id}
      role="group"
      aria-labelledby={`${id}-label`}
    >
      <div className="flex items-center justify-between gap-2">
        <span id={`${id}-label`} className="text-muted text-xs font-medium">
          {label}
        </span>
        {icon ? (
          <span
            aria-hidden
            className={clsx(
              "[&>svg]:size-4",
              tone === "warning"
                ? "text-amber-600 dark:text-amber-400"
                : tone === "info"
                  ? "text-sky-600 dark:text-sky-400"
                  : "text-subtle",
            )}
          >
            {icon}
          </span>
        ) : null}
      </div>
      <div className="text-fg mt-1 text-2xl font-semibold tracking-tight tabular-nums">{value}</div>
      {hint ? <div className="text-subtle mt-0.5 text-xs">{hint}</div> : null}
    </div>
  );
}
