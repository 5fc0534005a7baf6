import type { ReactNode } from "react";
import type { ClusterDetail } from "@/lib/api/schemas";
import { AgentStatusBadge } from "@/components/status/status-badges";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { RelativeTime } from "@/components/ui/relative-time";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 py-1.5">
      <dt className="text-subtle text-xs">{label}</dt>
      <dd className="text-fg text-[13px]">{children}</dd>
    </div>
  );
}

const HINT: Record<ClusterDetail["agent"]["status"], string> = {
  connected: "The agent is reporting. Inventory below is current.",
  stale:
    "The agent stopped reporting. Inventory below is the last known state; the cluster keeps its last applied config.",
  pending: "Waiting for an admin to accept the cluster, or for the agent's first report.",
  never: "No agent has reported yet. Install the agent with the cluster's join token.",
};

export function AgentPanel({ cluster }: { cluster: ClusterDetail }) {
  const { agent } = cluster;
  return (
    <Card data-testid="agent-panel">
      <CardHeader title="Agent" actions={<AgentStatusBadge status={agent.status} />} />
      <CardBody className="py-2">
        <dl className="divide-border divide-y">
          <Row label="Version">
            {agent.version ? (
              <span className="font-mono text-xs">{agent.version}</span>
            ) : (
              <span className="text-subtle">—</span>
            )}
          </Row>
          <Row label="Last report">
            <RelativeTime iso={agent.lastReportAt} fallback="never" />
          </Row>
        </dl>
        <p className="text-muted mt-2 text-xs">{HINT[agent.status]}</p>
      </CardBody>
    </Card>
  );
}
