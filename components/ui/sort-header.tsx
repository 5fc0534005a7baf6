import clsx from "clsx";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { ReactNode } from "react";
import { TH } from "./table";

type SortHeaderProps = {
  /** "ascending" or "descending" when the table is sorted by this column, else null. */
  direction: "ascending" | "descending" | null;
  onSort: () => void;
  align?: "left" | "right";
  children: ReactNode;
};

/** A column header that sorts the table: a button inside the header, `aria-sort` on the cell. */
export function SortHeader({ direction, onSort, align = "left", children }: SortHeaderProps) {
  const Icon =
    direction === "ascending" ? ArrowUp : direction === "descending" ? ArrowDown : ArrowUpDown;
  return (
    <TH aria-sort={direction ?? "none"} className={align === "right" ? "text-right" : undefined}>
      <button
        type="button"
        onClick={onSort}
        className={clsx(
          "hover:text-fg inline-flex items-center gap-1 uppercase",
          direction ? "text-fg" : undefined,
        )}
      >
        {children}
        <Icon className={clsx("size-3", direction ? "opacity-100" : "opacity-50")} aria-hidden />
      </button>
    </TH>
  );
}
