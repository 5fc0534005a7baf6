import clsx from "clsx";
import type { ClusterSummary } from "@/lib/api/schemas";

const LAST_KNOWN = "ml-1 text-[11px] text-amber-700 dark:text-amber-400";

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
  if (ready < total) return "text-amber-700 dark:text-amber-400";
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
        <span className="ml-1 text-[11px] text-amber-700 dark:text-amber-400">last known</span>
      ) : null}
    </span>
  );
}

function NotReported() {
  return (
    <span className="text-subtle" title="The cluster's agent has not reported yet">
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

/** A cluster's endpoint counts, with the same stale and never-reported rules. */
export function ClusterEndpointCount({ cluster }: { cluster: ClusterSummary }) {
  if (cluster.lastSeenAt === null) return <NotReported />;
  return (
    <EndpointCount
      ready={cluster.endpoints.ready}
      total={cluster.endpoints.total}
      stale={cluster.stale}
    />
  );
}
