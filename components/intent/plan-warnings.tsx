import clsx from "clsx";
import { CircleAlert, Info, TriangleAlert } from "lucide-react";

export type WarningSeverity = "error" | "warning" | "info";

export type PlanWarningView = {
  severity: WarningSeverity;
  code: string;
  message: string;
  cluster?: string;
  globalService?: string;
};

const SEVERITY: Record<
  WarningSeverity,
  { label: string; icon: typeof Info; box: string; text: string }
> = {
  error: {
    label: "Errors",
    icon: CircleAlert,
    box: "border-red-300 bg-red-50 dark:border-red-500/40 dark:bg-red-500/10",
    text: "text-red-800 dark:text-red-200",
  },
  warning: {
    label: "Warnings",
    icon: TriangleAlert,
    box: "border-amber-300 bg-amber-50 dark:border-amber-500/40 dark:bg-amber-500/10",
    text: "text-amber-900 dark:text-amber-200",
  },
  info: {
    label: "Notes",
    icon: Info,
    box: "border-sky-300 bg-sky-50 dark:border-sky-500/40 dark:bg-sky-500/10",
    text: "text-sky-900 dark:text-sky-200",
  },
};

const ORDER: WarningSeverity[] = ["error", "warning", "info"];

/** A plan's warnings grouped by severity, worst first; each names its cluster and service. */
export function PlanWarnings({ warnings }: { warnings: PlanWarningView[] }) {
  if (warnings.length === 0) return null;
  return (
    <div className="space-y-2" data-testid="plan-warnings">
      {ORDER.map((severity) => {
        const group = warnings.filter((w) => w.severity === severity);
        if (group.length === 0) return null;
        const style = SEVERITY[severity];
        const Icon = style.icon;
        return (
          <section
            key={severity}
            aria-label={`${style.label} (${group.length})`}
            className={clsx("rounded-md border px-3 py-2", style.box)}
            data-testid={`plan-warnings-${severity}`}
          >
            <h3 className={clsx("flex items-center gap-1.5 text-xs font-semibold", style.text)}>
              <Icon className="size-3.5" aria-hidden />
              {style.label} · {group.length}
            </h3>
            <ul className={clsx("mt-1 space-y-0.5 text-[13px]", style.text)}>
              {group.map((w, i) => (
                <li key={i} className="flex flex-wrap items-baseline gap-x-1.5">
                  {w.cluster ? (
                    <span className="font-mono text-[11px] font-semibold">{w.cluster}</span>
                  ) : null}
                  {w.globalService ? (
                    <span className="font-mono text-[11px] opacity-80">{w.globalService}</span>
                  ) : null}
                  <span>{w.message}</span>
                  <span className="font-mono text-[10px]">{w.code}</span>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
