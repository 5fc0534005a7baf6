import Link from "next/link";
import type { ClusterSummary } from "@/lib/model/inventory";
import { MeshBadges } from "@/components/mesh/mesh-badge";
import { ClusterEndpointCount, ClusterServiceCount } from "@/components/status/endpoint-count";
import {
  AgentStatusBadge,
  ClusterStateBadge,
  SimulatedBadge,
  SiteBadge,
} from "@/components/status/status-badges";
import { Badge } from "@/components/ui/badge";
import { RelativeTime } from "@/components/ui/relative-time";
import { SortHeader } from "@/components/ui/sort-header";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import type { ClusterSort, ClusterSortKey } from "./cluster-list-view";

const KIND_LABEL: Record<ClusterSummary["kind"], string> = {
  kubernetes: "Kubernetes",
  "vm-site": "VM site",
};

type ClustersTableProps = {
  clusters: ClusterSummary[];
  sort: ClusterSort;
  onSort: (key: ClusterSortKey) => void;
};

export function ClustersTable({ clusters, sort, onSort }: ClustersTableProps) {
  const header = (key: ClusterSortKey, text: string, align?: "right") => (
    <SortHeader
      direction={sort.key === key ? (sort.dir === "asc" ? "ascending" : "descending") : null}
      onSort={() => onSort(key)}
      align={align}
    >
      {text}
    </SortHeader>
  );
  return (
    <Table label="Clusters" data-testid="clusters-table">
      <THead>
        <TR>
          {header("name", "Cluster")}
          {header("region", "Region / zone")}
          {/* Kind only where there is room; below, a VM site says so under its name. */}
          <TH className="hidden 2xl:table-cell">Kind</TH>
          <TH>Meshes</TH>
          {header("services", "Services", "right")}
          {header("endpoints", "Endpoints", "right")}
          <TH>Agent</TH>
          {header("lastSeen", "Last seen")}
        </TR>
      </THead>
      <TBody>
        {clusters.map((c) => (
          <TR
            key={c.name}
            data-testid={`cluster-row-${c.name}`}
            className={
              c.stale ? "bg-amber-50/50 dark:bg-amber-500/[0.04]" : "hover:bg-surface-hover/40"
            }
          >
            <TD>
              {/* One line each, never wrapping, so every row has the same height. */}
              <div className="flex items-center gap-2 whitespace-nowrap">
                <Link
                  href={`/clusters/${encodeURIComponent(c.name)}`}
                  className="text-fg hover:text-accent max-w-52 truncate font-medium hover:underline"
                  title={c.displayName || c.name}
                >
                  {c.displayName || c.name}
                </Link>
              </div>
              <div className="mt-0.5 flex items-center gap-2 whitespace-nowrap">
                {/* A cluster id may be 63 characters: cut with its full text in the title. */}
                <span className="text-subtle max-w-40 truncate font-mono text-xs" title={c.name}>
                  {c.name}
                </span>
                {c.state !== "live" ? <ClusterStateBadge state={c.state} /> : null}
                {c.kind === "vm-site" ? (
                  <span className="2xl:hidden">
                    <SiteBadge hostCluster={c.hostCluster} />
                  </span>
                ) : null}
                {c.simulated ? <SimulatedBadge /> : null}
              </div>
            </TD>
            {/* Two lines like the Cluster column: the row height stays the same, the width shrinks. */}
            <TD className="font-mono text-xs whitespace-nowrap">
              <div>{c.region || "—"}</div>
              <div className="text-subtle mt-0.5">{c.zone || "—"}</div>
            </TD>
            <TD className="hidden 2xl:table-cell">
              {c.kind === "vm-site" ? (
                <SiteBadge hostCluster={c.hostCluster} />
              ) : (
                <Badge>{KIND_LABEL[c.kind]}</Badge>
              )}
            </TD>
            <TD>
              <MeshBadges meshes={c.meshes} />
            </TD>
            <TD className="text-right tabular-nums">
              <ClusterServiceCount cluster={c} />
            </TD>
            <TD className="text-right">
              <ClusterEndpointCount cluster={c} explain />
            </TD>
            <TD>
              <AgentStatusBadge status={c.agent.status} />
            </TD>
            <TD className="text-muted whitespace-nowrap">
              <RelativeTime iso={c.lastSeenAt} fallback="never" />
            </TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
