import { BellOff, CircleAlert, Clock, OctagonAlert, TriangleAlert, Info } from "lucide-react";
import type { AlertDto, ServiceRollupDto } from "@/lib/model/alerts";
import type { AlertSeverity } from "@/lib/domain/alert-model";
import type { RollupStatus } from "@/lib/domain/alert-rollup";
import { Badge, type BadgeTone } from "@/components/ui/badge";

const SEVERITY: Record<AlertSeverity, { tone: BadgeTone; label: string; icon: typeof Info }> = {
  critical: { tone: "danger", label: "Critical", icon: OctagonAlert },
  error: { tone: "danger", label: "Error", icon: CircleAlert },
  warning: { tone: "warning", label: "Warning", icon: TriangleAlert },
  info: { tone: "info", label: "Info", icon: Info },
};

/** Severity with its own icon, so colour is never the only cue. */
export function SeverityBadge({ severity }: { severity: AlertSeverity }) {
  const { tone, label, icon: Icon } = SEVERITY[severity];
  return (
    <Badge tone={tone} icon={<Icon className="size-3" aria-hidden />} data-testid="severity-badge">
      {label}
    </Badge>
  );
}

/** Small coloured mark for a severity (lists, counters). */
export function SeverityIcon({
  severity,
  className,
}: {
  severity: AlertSeverity;
  className?: string;
}) {
  const { icon: Icon } = SEVERITY[severity];
  const colour =
    severity === "warning"
      ? "text-amber-600 dark:text-amber-400"
      : severity === "info"
        ? "text-sky-600 dark:text-sky-400"
        : "text-red-600 dark:text-red-400";
  return (
    <Icon className={`${colour} ${className ?? "size-4"}`} aria-label={SEVERITY[severity].label} />
  );
}

export const SEVERITY_LABELS: Record<AlertSeverity, string> = {
  critical: "Critical",
  error: "Error",
  warning: "Warning",
  info: "Info",
};

const ROLLUP: Record<RollupStatus, BadgeTone> = {
  outage: "danger",
  degraded: "warning",
  "at-risk": "info",
};

/** "outage · all 3 clusters" / "degraded · 1 of 3 clusters" / "at risk". */
export function RollupBadge({ rollup }: { rollup: Pick<ServiceRollupDto, "status" | "label"> }) {
  return (
    <Badge
      tone={ROLLUP[rollup.status]}
      dot
      className="text-xs"
      data-testid="rollup-badge"
      title={
        rollup.status === "outage"
          ? "Every cluster running this service has a firing alert for it"
          : rollup.status === "degraded"
            ? "Some clusters running this service have firing alerts; the others still serve it"
            : "Only pending, silenced or fleet (configuration) alerts"
      }
    >
      {rollup.label}
    </Badge>
  );
}

/** Firing / pending / silenced. */
export function AlertStateBadge({ state }: { state: AlertDto["state"] }) {
  if (state === "firing")
    return (
      <Badge tone="danger" dot data-testid="alert-state">
        Firing
      </Badge>
    );
  if (state === "pending")
    return (
      <Badge
        tone="neutral"
        icon={<Clock className="size-3" aria-hidden />}
        data-testid="alert-state"
      >
        Pending
      </Badge>
    );
  return (
    <Badge
      tone="neutral"
      icon={<BellOff className="size-3" aria-hidden />}
      title="Silenced or inhibited in Alertmanager"
      data-testid="alert-state"
    >
      Silenced
    </Badge>
  );
}
