import { TriangleAlert } from "lucide-react";
import Link from "next/link";
import type { ClusterSummary } from "@/lib/model/inventory";
import { RelativeTime } from "@/components/ui/relative-time";

/** Stale clusters named in the callout; the rest are counted, with a link to the list. */
const NAMED = 12;

/**
 * Warns that some clusters stopped reporting and that their numbers are last known. Names the
 * first few; `total` is how many are stale when `clusters` holds only the first of them.
 */
export function StaleCallout({ clusters, total }: { clusters: ClusterSummary[]; total?: number }) {
  const count = Math.max(total ?? 0, clusters.length);
  if (count === 0) return null;
  const named = clusters.slice(0, NAMED);
  return (
    <div
      role="status"
      data-testid="stale-callout"
      className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0 text-[13px]">
        <p className="font-semibold">
          {count === 1
            ? "1 cluster stopped reporting"
            : `${count.toLocaleString("en-US")} clusters stopped reporting`}
        </p>
        <p className="mt-0.5 text-amber-800 dark:text-amber-300/90">
          Their agents have been silent past the stale threshold. Counts shown for them are the last
          known values, not current state. The clusters keep serving traffic with their last applied
          configuration.
        </p>
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
          {named.map((c) => (
            <li key={c.name}>
              <Link
                href={`/clusters/${encodeURIComponent(c.name)}`}
                className="font-medium underline decoration-amber-400 underline-offset-2 hover:decoration-2"
              >
                {c.displayName || c.name}
              </Link>{" "}
              <span className="text-amber-800 dark:text-amber-300">
                last seen <RelativeTime iso={c.lastSeenAt} fallback="never" />
              </span>
            </li>
          ))}
          {count > named.length ? (
            <li>
              <Link
                href="/clusters?sort=lastSeen&dir=asc"
                className="font-medium underline decoration-amber-400 underline-offset-2 hover:decoration-2"
              >
                and {(count - named.length).toLocaleString("en-US")} more on the clusters list
              </Link>
            </li>
          ) : null}
        </ul>
      </div>
    </div>
  );
}
