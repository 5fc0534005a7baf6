import clsx from "clsx";
import type { ClusterSummary } from "@/lib/model/inventory";

const LAST_KNOWN = "ml-1 text-[11px] text-amber-800 dark:text-amber-400";

type EndpointCountProps = {
  ready: number;
  total: number;
  /** The cluster is stale: the numbers are last known, not current. */
  stale?: boolean;
  className?: string;
};

function tone(ready: number, total: number, stale?: boolean): string {
  if (stale) return "text-subtle";
  if (total === 0) return "text-subtle";
  if (ready === 0) return "text-red-700 dark:text-red-400";
  if (ready < total) return "text-amber-800 dark:text-amber-400";
  return "text-fg";
}

/** "3/4 ready", or "3/4 last known" for a stale cluster — never a bare "0 endpoints". */
export function EndpointCount({ ready, total, stale, className }: EndpointCountProps) {
  return (
    <span
      className={clsx("whitespace-nowrap tabular-nums", tone(ready, total, stale), className)}
      title={
        stale
          ? `Last known: ${ready} of ${total} endpoints ready (cluster is stale)`
          : `${ready} of ${total} endpoints ready`
      }
    >
      <span className="font-medium">{ready}</span>
      <span className="text-subtle">/{total}</span>
      {stale ? (
        <span className="ml-1 text-[11px] text-amber-800 dark:text-amber-400">last known</span>
      ) : null}
    </span>
  );
}

function NotReported() {
  return (
    <span
      className="text-subtle whitespace-nowrap"
      title="The cluster's agent has not reported yet"
    >
      not reported
    </span>
  );
}

/** A cluster's service count: "last known" when stale, "not reported" before the first report. */
export function ClusterServiceCount({ cluster }: { cluster: ClusterSummary }) {
  if (cluster.lastSeenAt === null) return <NotReported />;
  return (
    <span className={clsx("tabular-nums", cluster.stale && "text-subtle")}>
      {cluster.serviceCount}
      {cluster.stale ? <span className={LAST_KNOWN}>last known</span> : null}
    </span>
  );
}

/** True when a reporting cluster has endpoints that are not ready (the count turns orange or red). */
export function isDegraded(cluster: ClusterSummary): boolean {
  const { ready, total } = cluster.endpoints;
  return !cluster.stale && cluster.lastSeenAt !== null && total > 0 && ready < total;
}

/**
 * A cluster's endpoint counts, with the same stale and never-reported rules. `explain`
 * names a coloured count ("degraded", "none ready"), so colour never carries meaning alone.
 */
export function ClusterEndpointCount({
  cluster,
  explain = false,
}: {
  cluster: ClusterSummary;
  explain?: boolean;
}) {
  if (cluster.lastSeenAt === null) return <NotReported />;
  const { ready, total } = cluster.endpoints;
  return (
    <>
      <EndpointCount ready={ready} total={total} stale={cluster.stale} />
      {explain && isDegraded(cluster) ? (
        <span
          className={clsx(
            "ml-1.5 text-[11px] font-medium",
            ready === 0 ? "text-red-700 dark:text-red-400" : "text-amber-800 dark:text-amber-400",
          )}
          title={`${total - ready} of ${total} endpoints are not ready`}
          data-testid="degraded-marker"
        >
          {ready === 0 ? "none ready" : "degraded"}
        </span>
      ) : null}
    </>
  );
}
