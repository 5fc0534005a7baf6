import clsx from "clsx";
import type { ReactNode } from "react";

export type BadgeTone = "neutral" | "success" | "warning" | "danger" | "info" | "accent";

const TONES: Record<BadgeTone, string> = {
  neutral: "bg-surface-2 text-muted ring-border-strong",
  success:
    "bg-emerald-50 text-emerald-800 ring-emerald-600/25 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/25",
  warning:
    "bg-amber-50 text-amber-800 ring-amber-600/30 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-400/25",
  danger:
    "bg-red-50 text-red-700 ring-red-600/25 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-400/25",
  info: "bg-sky-50 text-sky-800 ring-sky-600/25 dark:bg-sky-500/10 dark:text-sky-300 dark:ring-sky-400/25",
  accent:
    "bg-violet-50 text-violet-800 ring-violet-600/25 dark:bg-violet-500/10 dark:text-violet-300 dark:ring-violet-400/25",
};

const DOTS: Record<BadgeTone, string> = {
  neutral: "bg-subtle",
  success: "bg-emerald-500",
  warning: "bg-amber-500",
  danger: "bg-red-500",
  info: "bg-sky-500",
  accent: "bg-violet-500",
};

type BadgeProps = {
  tone?: BadgeTone;
  /** Show a leading status dot (the text label always carries the meaning too). */
  dot?: boolean;
  icon?: ReactNode;
  title?: string;
  className?: string;
  children: ReactNode;
  "data-testid"?: string;
};

export function Badge({
  tone = "neutral",
  dot,
  icon,
  title,
  className,
  children,
  ...rest
}: BadgeProps) {
  return (
    <span
      title={title}
      className={clsx(
        "inline-flex items-center gap-1 rounded px-1.5 py-px text-[11px] leading-4 font-medium whitespace-nowrap ring-1 ring-inset",
        TONES[tone],
        className,
      )}
      {...rest}
    >
      {dot ? <span className={clsx("size-1.5 rounded-full", DOTS[tone])} aria-hidden /> : null}
      {icon}
      {children}
    </span>
  );
}
