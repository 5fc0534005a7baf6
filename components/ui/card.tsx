import clsx from "clsx";
import type { HTMLAttributes, ReactNode } from "react";

export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={clsx("border-border bg-surface rounded-lg border shadow-xs", className)}
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

export function CardHeader({
  title,
  description,
  actions,
  as: Heading = "h2",
  id,
}: CardHeaderProps) {
  return (
    <div className="border-border flex items-start justify-between gap-3 border-b px-4 py-3">
      <div className="min-w-0">
        <Heading id={id} className="text-fg text-sm font-semibold">
          {title}
        </Heading>
        {description ? <p className="text-subtle mt-0.5 text-xs">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
    </div>
  );
}

export function CardBody({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={clsx("px-4 py-3", className)} {...rest} />;
}
