import clsx from "clsx";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";

function hasWidth(className: string | undefined): boolean {
  return /(^|\s)w-/.test(className ?? "");
}

export const INPUT_CLASSES =
  "h-8 rounded-md border border-border-strong bg-surface px-2.5 text-sm text-fg shadow-xs placeholder:text-subtle focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/30 disabled:opacity-60";

/** A text input; full width unless the caller sets a width class (e.g. "w-40"). */
export function Input({ className, ...rest }: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <input className={clsx(INPUT_CLASSES, !hasWidth(className) && "w-full", className)} {...rest} />
  );
}

export function Select({ className, ...rest }: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select
      className={clsx(INPUT_CLASSES, "pr-1.5", !hasWidth(className) && "w-full", className)}
      {...rest}
    />
  );
}

type FieldProps = {
  label: string;
  htmlFor: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
};

/** A visible label above a control, with an optional hint below. */
export function Field({ label, htmlFor, hint, className, children }: FieldProps) {
  return (
    <div className={clsx("space-y-1", className)}>
      <label htmlFor={htmlFor} className="text-muted block text-xs font-medium">
        {label}
      </label>
      {children}
      {hint ? <p className="text-subtle text-xs">{hint}</p> : null}
    </div>
  );
}
