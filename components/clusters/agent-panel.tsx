"use client";

import type { ReactNode } from "react";
import type { ClusterSummary } from "@/lib/model/inventory";
import { useClusterAgent } from "@/components/data/use-clusters";
import { AgentStatusBadge } from "@/components/status/status-badges";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { RelativeTime } from "@/components/ui/relative-time";
import { AgentAccessActions } from "./agent-access-actions";
import { AgentSync } from "./agent-sync";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 py-1.5">
      <dt className="text-subtle text-xs">{label}</dt>
      <dd className="text-fg text-[13px]">{children}</dd>
    </div>
  );
}

const HINT: Record<ClusterSummary["agent"]["status"], string> = {
  connected: "The agent is reporting. Inventory below is current.",
  stale:
    "The agent stopped reporting. Inventory below is the last known state; the cluster keeps its last applied config.",
  pending: "Waiting for an admin to accept the cluster, or for the agent's first report.",
  never: "No agent has reported yet. Install the agent with the cluster's join token.",
};

type AgentPanelProps = {
  cluster: Pick<ClusterSummary, "name" | "state" | "agent">;
  /** Admins see the join-token and revoke actions. */
  canManage: boolean;
};

/** The cluster's agent: connection, version, and whether it has applied what Meridian wants. */
export function AgentPanel({ cluster: initial, canManage }: AgentPanelProps) {
  // Connection, version and last report refresh while the page is open; a failed refresh keeps
  // the last known values rather than blanking the panel.
  const { data: cluster } = useClusterAgent(initial);
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
        <p className="text-muted mt-1 mb-2 text-xs">
          {cluster.state === "disabled"
            ? "The cluster is disabled: its agent cannot register and gets no desired state."
            : HINT[agent.status]}
        </p>
      </CardBody>
      <section aria-labelledby="agent-sync-title" className="border-border border-t px-4 py-3">
        <h3 id="agent-sync-title" className="text-subtle text-xs">
          Desired state
        </h3>
        <AgentSync name={cluster.name} clusterState={cluster.state} />
      </section>
      {canManage ? (
        <section
          aria-label="Agent access"
          className="border-border bg-surface-2/40 rounded-b-lg border-t px-4 py-3"
        >
          <AgentAccessActions name={cluster.name} state={cluster.state} />
        </section>
      ) : null}
    </Card>
  );
}
