import clsx from "clsx";
import { Info, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";

type BannerProps = {
  tone: "info" | "warning";
  children: ReactNode;
  /** "strip": a full-width row inside a card (a bottom border); "box": a standalone rounded box. */
  shape?: "strip" | "box";
  "data-testid"?: string;
};

const TONES = {
  info: "border-sky-200 bg-sky-50 text-sky-900 dark:border-sky-500/30 dark:bg-sky-500/10 dark:text-sky-200",
  warning:
    "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200",
};

/** A one-line notice above a page's content: information (sky) or a warning (amber). */
export function Banner({ tone, children, shape = "strip", ...rest }: BannerProps) {
  const Icon = tone === "info" ? Info : TriangleAlert;
  return (
    <div
      role="status"
      data-testid={rest["data-testid"]}
      className={clsx(
        "flex items-start gap-2 px-4 py-2 text-[13px]",
        shape === "strip" ? "border-b" : "rounded-lg border",
        TONES[tone],
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
