import clsx from "clsx";
import Link from "next/link";
import type { ClusterSummary } from "@/lib/model/inventory";
import { MeshBadges } from "@/components/mesh/mesh-badge";
import {
  ClusterEndpointCount,
  ClusterServiceCount,
  isDegraded,
} from "@/components/status/endpoint-count";
import {
  AgentStatusBadge,
  ClusterStateBadge,
  SimulatedBadge,
  SiteBadge,
  StaleBadge,
} from "@/components/status/status-badges";
import { RelativeTime } from "@/components/ui/relative-time";

function Metric({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-subtle text-[11px]">{label}</dt>
      <dd className="text-fg mt-0.5 truncate text-[13px]">{children}</dd>
    </div>
  );
}

/** A cluster at a glance; the whole card links to its detail page. */
export function ClusterCard({ cluster }: { cluster: ClusterSummary }) {
  const c = cluster;
  const degraded = isDegraded(c);
  return (
    // The title is the link, stretched over the whole card: its name is what it shows (plus
    // the cluster id and state for screen readers), as label-content-name-mismatch requires.
    <div
      data-testid={`cluster-card-${c.name}`}
      className={clsx(
        "group bg-surface hover:border-border-strong hover:bg-surface-hover/40 relative block rounded-lg border p-4 shadow-xs transition-colors focus-within:ring-2 focus-within:ring-[var(--accent)]",
        c.stale ? "border-amber-300 dark:border-amber-500/40" : "border-border",
      )}
    >
      <div className="min-w-0">
        <Link
          href={`/clusters/${encodeURIComponent(c.name)}`}
          className="text-fg group-hover:text-accent font-semibold outline-none after:absolute after:inset-0 after:rounded-lg after:content-['']"
        >
          {c.displayName || c.name}
          <span className="sr-only">
            {` (${c.name})${c.stale ? ", stale" : degraded ? ", degraded" : ""}`}
          </span>
        </Link>
        <div className="text-subtle mt-0.5 truncate font-mono text-xs">
          {c.name}
          {c.zone ? ` · ${c.zone}` : ""}
          {c.kind === "vm-site" && c.hostCluster ? ` · via ${c.hostCluster}` : ""}
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-1">
        <MeshBadges meshes={c.meshes} />
        <span className="ml-auto flex flex-wrap justify-end gap-1">
          {c.state !== "live" ? <ClusterStateBadge state={c.state} /> : null}
          {c.stale ? (
            <StaleBadge lastSeenAt={c.lastSeenAt} />
          ) : c.agent.status !== c.state ? (
            <AgentStatusBadge status={c.agent.status} />
          ) : null}
          {c.kind === "vm-site" ? <SiteBadge hostCluster={c.hostCluster} /> : null}
          {c.simulated ? <SimulatedBadge /> : null}
        </span>
      </div>
      <dl className="border-border mt-3 grid grid-cols-3 gap-3 border-t pt-3">
        <Metric label="Services">
          <ClusterServiceCount cluster={c} />
        </Metric>
        <Metric label="Endpoints">
          <ClusterEndpointCount cluster={c} explain />
        </Metric>
        <Metric label="Last seen">
          <RelativeTime iso={c.lastSeenAt} fallback="never" />
        </Metric>
      </dl>
    </div>
  );
}
