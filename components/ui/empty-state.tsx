import clsx from "clsx";
import type { ReactNode } from "react";

type EmptyStateProps = {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  className?: string;
  /** Heading level of the title: h1 when the empty state is the whole page (e.g. not found). */
  as?: "h1" | "h2";
  "data-testid"?: string;
};

export function EmptyState({
  icon,
  title,
  children,
  actions,
  className,
  as: Heading = "h2",
  ...rest
}: EmptyStateProps) {
  return (
    <div className={clsx("flex flex-col items-center px-6 py-12 text-center", className)} {...rest}>
      {icon ? (
        <div className="border-border bg-surface-2 text-subtle mb-3 flex size-10 items-center justify-center rounded-full border [&>svg]:size-5">
          {icon}
        </div>
      ) : null}
      <Heading className="text-fg text-sm font-semibold">{title}</Heading>
      {children ? <div className="text-muted mt-1 max-w-md text-sm">{children}</div> : null}
      {actions ? <div className="mt-4 flex flex-wrap justify-center gap-2">{actions}</div> : null}
    </div>
  );
}
