import Link from "next/link";
import type { ClusterSummary } from "@/lib/model/inventory";
import { MeshBadges } from "@/components/mesh/mesh-badge";
import { ClusterEndpointCount, ClusterServiceCount } from "@/components/status/endpoint-count";
import {
  AgentStatusBadge,
  ClusterStateBadge,
  SimulatedBadge,
} from "@/components/status/status-badges";
import { Badge } from "@/components/ui/badge";
import { RelativeTime } from "@/components/ui/relative-time";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";

const KIND_LABEL: Record<ClusterSummary["kind"], string> = {
  kubernetes: "Kubernetes",
  "vm-site": "VM site",
};

export function ClustersTable({ clusters }: { clusters: ClusterSummary[] }) {
  return (
    <Table label="Clusters" data-testid="clusters-table">
      <THead>
        <TR>
          <TH>Cluster</TH>
          <TH>Region / zone</TH>
          <TH>Kind</TH>
          <TH>Meshes</TH>
          <TH className="text-right">Services</TH>
          <TH className="text-right">Endpoints</TH>
          <TH>Agent</TH>
          <TH>Last seen</TH>
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
                  className="text-fg hover:text-accent max-w-64 truncate font-medium hover:underline"
                  title={c.displayName || c.name}
                >
                  {c.displayName || c.name}
                </Link>
                {c.state !== "live" ? <ClusterStateBadge state={c.state} /> : null}
              </div>
              <div className="mt-0.5 flex items-center gap-2 whitespace-nowrap">
                <span className="text-subtle font-mono text-xs">{c.name}</span>
                {c.simulated ? <SimulatedBadge /> : null}
              </div>
            </TD>
            {/* Two lines like the Cluster column: the row height stays the same, the width shrinks. */}
            <TD className="font-mono text-xs whitespace-nowrap">
              <div>{c.region || "—"}</div>
              <div className="text-subtle mt-0.5">{c.zone || "—"}</div>
            </TD>
            <TD>
              <Badge>{KIND_LABEL[c.kind]}</Badge>
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
