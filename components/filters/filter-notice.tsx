import type { UnknownFilter } from "@/lib/domain/unknown-filters";
import { Banner } from "@/components/ui/banner";

type FilterNoticeProps = {
  unknown: readonly UnknownFilter[];
  /** What the page shows instead, e.g. "every service" or "the whole map". */
  showing: string;
  shape?: "strip" | "box";
};

/**
 * The warning every filtered page shows when its URL names a filter value that does not exist
 * (a removed cluster, a mistyped namespace): which values were dropped and what is shown.
 */
export function FilterNotice({ unknown, showing, shape }: FilterNoticeProps) {
  if (unknown.length === 0) return null;
  return (
    <Banner tone="warning" shape={shape} data-testid="filter-notice">
      {unknown.map((u) => (
        <span key={`${u.filter}=${u.value}`}>
          No {u.label} “<span className="font-mono">{u.value}</span>”.{" "}
        </span>
      ))}
      The link may be out of date, so{" "}
      {unknown.length === 1 ? "that filter was" : "those filters were"} dropped. Showing {showing}.
    </Banner>
  );
}
