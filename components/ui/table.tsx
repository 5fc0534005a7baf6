import clsx from "clsx";
import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";

type TableProps = HTMLAttributes<HTMLTableElement> & {
  /** Accessible name for the table. */
  label: string;
  children: ReactNode;
};

/** A dense data table inside a horizontally scrollable frame. */
export function Table({ label, className, children, ...rest }: TableProps) {
  return (
    // Focusable, so a keyboard user can scroll a table wider than the screen (axe:
    // scrollable-region-focusable).
    <div
      className="focus-visible:ring-ring/40 relative overflow-x-auto focus-visible:ring-2 focus-visible:outline-none"
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <table
        aria-label={label}
        className={clsx("w-full border-collapse text-left text-[13px]", className)}
        {...rest}
      >
        {children}
      </table>
    </div>
  );
}

export function THead({ children }: { children: ReactNode }) {
  return (
    <thead className="border-border bg-surface-2/60 text-subtle border-b text-[11px] font-medium tracking-wide uppercase">
      {children}
    </thead>
  );
}

export function TBody({ children }: { children: ReactNode }) {
  return <tbody className="divide-border divide-y">{children}</tbody>;
}

export function TR({ className, ...rest }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={clsx("align-middle", className)} {...rest} />;
}

export function TH({ className, ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="col"
      className={clsx("px-3 py-2 font-medium whitespace-nowrap first:pl-4 last:pr-4", className)}
      {...rest}
    />
  );
}

export function TD({ className, ...rest }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={clsx("px-3 py-2 first:pl-4 last:pr-4", className)} {...rest} />;
}
