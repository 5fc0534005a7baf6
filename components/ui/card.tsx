import clsx from "clsx";
import type { HTMLAttributes, ReactNode } from "react";

export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={clsx("rounded-lg border border-border bg-surface shadow-xs", className)}
      {...rest}
    />
  );
}

type CardHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  /** Heading level of the title; sections under a page h1 use h2. */
  as?: "h2" | "h3";
  id?: string;
};

export function CardHeader({ title, description, actions, as: Heading = "h2", id }: CardHeaderProps) {
  return (
    <div className="flex items-start justify-between gap-3 border-b border-border px-4 py-3">
      <div className="min-w-0">
        <Heading id={id} className="text-sm font-semibold text-fg">
          {title}
        </Heading>
        {description ? <p className="mt-0.5 text-xs text-subtle">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
    </div>
  );
}

export function CardBody({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={clsx("px-4 py-3", className)} {...rest} />;
}
