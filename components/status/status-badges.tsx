import { Clock, FlaskConical, HardDrive } from "lucide-react";
import type { ClusterSummary, GlobalServiceDto } from "@/lib/model/inventory";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { formatAbsolute, formatRelative } from "@/components/format/time";

type AgentStatus = ClusterSummary["agent"]["status"];
type ClusterState = ClusterSummary["state"];
type Health = GlobalServiceDto["health"];

const AGENT: Record<AgentStatus, { tone: BadgeTone; label: string }> = {
  connected: { tone: "success", label: "Connected" },
  stale: { tone: "warning", label: "Stale" },
  pending: { tone: "info", label: "Pending" },
  never: { tone: "neutral", label: "Never connected" },
};

export function AgentStatusBadge({ status }: { status: AgentStatus }) {
  const { tone, label } = AGENT[status];
  return (
    <Badge tone={tone} dot data-testid="agent-status">
      {label}
    </Badge>
  );
}

const STATE: Record<ClusterState, { tone: BadgeTone; label: string }> = {
  live: { tone: "success", label: "Live" },
  pending: { tone: "info", label: "Pending" },
  disabled: { tone: "neutral", label: "Disabled" },
};

export function ClusterStateBadge({ state }: { state: ClusterState }) {
  const { tone, label } = STATE[state];
  return (
    <Badge tone={tone} data-testid="cluster-state">
      {label}
    </Badge>
  );
}

/** Marks a cluster whose agent went silent; its numbers are the last ones it reported. */
export function StaleBadge({ lastSeenAt }: { lastSeenAt: string | null }) {
  const seen = lastSeenAt ? `last seen ${formatRelative(lastSeenAt)}` : "never reported";
  return (
    <Badge
      tone="warning"
      icon={<Clock className="size-3" aria-hidden />}
      title={lastSeenAt ? `Last report ${formatAbsolute(lastSeenAt)}` : undefined}
      data-testid="stale-badge"
    >
      Stale · {seen}
    </Badge>
  );
}

export function SimulatedBadge() {
  return (
    <Badge
      tone="accent"
      icon={<FlaskConical className="size-3" aria-hidden />}
      title="A simulated cluster from the demo fleet"
    >
      Simulated
    </Badge>
  );
}

/** Marks a VM site: hosts outside Kubernetes, reported by a static-mode agent. */
export function SiteBadge({ hostCluster }: { hostCluster?: string }) {
  return (
    <Badge
      tone="info"
      icon={<HardDrive className="size-3" aria-hidden />}
      title={
        hostCluster
          ? `VMs or bare-metal hosts outside Kubernetes, joined to the mesh of ${hostCluster}`
          : "VMs or bare-metal hosts outside Kubernetes"
      }
      data-testid="site-badge"
    >
      VM site
    </Badge>
  );
}

const HEALTH: Record<Health, { tone: BadgeTone; label: string }> = {
  healthy: { tone: "success", label: "Healthy" },
  degraded: { tone: "warning", label: "Degraded" },
  down: { tone: "danger", label: "Down" },
  unknown: { tone: "neutral", label: "Unknown" },
};

export function HealthBadge({ health }: { health: Health }) {
  const { tone, label } = HEALTH[health];
  return (
    <Badge tone={tone} dot data-testid="health-badge">
      {label}
    </Badge>
  );
}
