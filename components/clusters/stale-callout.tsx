import { TriangleAlert } from "lucide-react";
import Link from "next/link";
import type { ClusterSummary } from "@/lib/model/inventory";
import { RelativeTime } from "@/components/ui/relative-time";

/** Warns that some clusters stopped reporting and that their numbers are last known. */
export function StaleCallout({ clusters }: { clusters: ClusterSummary[] }) {
  if (clusters.length === 0) return null;
  return (
    <div
      role="status"
      data-testid="stale-callout"
      className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0 text-[13px]">
        <p className="font-semibold">
          {clusters.length === 1
            ? "1 cluster stopped reporting"
            : `${clusters.length} clusters stopped reporting`}
        </p>
        <p className="mt-0.5 text-amber-800 dark:text-amber-300/90">
          Their agents have been silent past the stale threshold. Counts shown for them are the last
          known values, not current state. The clusters keep serving traffic with their last applied
          configuration.
        </p>
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
          {clusters.map((c) => (
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
        </ul>
      </div>
    </div>
  );
}
