// Meridian's own fleet alerts, computed from its inventory and intent (no Prometheus needed):
// agent disconnected, cluster stale, and the fleet-level problems the mesh analysis finds —
// export conflicts, trust roots that differ between clusters sharing a service, and failover
// targets without healthy endpoints. Pure; lib/store/alert-fleet.ts loads the inputs.
import { exportConflicted, type ResourceCondition } from "@/lib/agent-protocol/messages";
import { analyzeService, indexFleet } from "@/lib/meshes/analysis";
import type { FleetInventory, GlobalServiceIntent } from "@/lib/meshes/kit/fleet-input";
import type { WarningCode } from "@/lib/meshes/kit/warnings";

import type { AlertSeverity, RawAlert } from "./alert-model";
import {
  EXPIRY_CRITICAL_DAYS,
  EXPIRY_WARNING_DAYS,
  expiringRoots,
  type TrustInputCluster,
} from "./trust";

/** A cluster's agent connection, as the database knows it. */
export interface FleetAlertCluster {
  name: string;
  state: "pending" | "live" | "disabled";
  lastSeenAt: Date | null;
  createdAt: Date;
}

/** A ServiceExport's conditions as its cluster's agent last acknowledged them. */
export interface ExportStatus {
  cluster: string;
  namespace: string;
  name: string;
  conditions: readonly ResourceCondition[];
}

/** An object Meridian applied that its cluster's agent reports changed or deleted by someone else. */
export interface DriftedObject {
  cluster: string;
  kind: string;
  namespace: string;
  name: string;
  /** The agent's account: what changed, and who changed it. */
  message: string;
  /** When the agent acknowledged the drift (the observed state's report time). */
  reportedAt: Date;
}

/** Inputs of {@link computeFleetAlerts}. */
export interface FleetAlertInput {
  clusters: readonly FleetAlertCluster[];
  /** Objects the agents report drifted (absent: none). */
  drifted?: readonly DriftedObject[];
  /** ServiceExport conditions read back by the agents (absent: none reported). */
  exportStatuses?: readonly ExportStatus[];
  inventory: FleetInventory;
  intents: readonly GlobalServiceIntent[];
  now: Date;
  /** MERIDIAN_STALE_AFTER_SECONDS. */
  staleAfterSeconds: number;
  /** Each live cluster's mesh trust (roots with their validity), for the expiry alerts. */
  trust?: readonly TrustInputCluster[];
}

/** Silence longer than this many stale thresholds is a disconnected agent, not a stale one. */
export const DISCONNECTED_AFTER_STALE_THRESHOLDS = 5;

/** The names of Meridian's fleet alerts. */
export const FLEET_ALERT_NAMES = [
  "AgentDisconnected",
  "ClusterStale",
  "ExportConflict",
  "TrustRootMismatch",
  "TrustRootExpiring",
  "FailoverNoHealthyTarget",
  "EndpointsDegraded",
  "EndpointsDown",
  "ServiceExportConflict",
  "ResourceDrifted",
] as const;
export type FleetAlertName = (typeof FLEET_ALERT_NAMES)[number];

const FROM_WARNING: Partial<
  Record<WarningCode, { name: FleetAlertName; severity: AlertSeverity }>
> = {
  "export-conflict": { name: "ExportConflict", severity: "warning" },
  // mTLS between the clusters fails: calls across them break.
  "trust-root-mismatch": { name: "TrustRootMismatch", severity: "critical" },
  "no-healthy-endpoints": { name: "FailoverNoHealthyTarget", severity: "critical" },
};

const MERIDIAN = { name: "meridian", type: "meridian" } as const;

function fleetAlert(
  name: FleetAlertName,
  severity: AlertSeverity,
  labels: Record<string, string>,
  summary: string,
  description: string,
  activeAt: Date | null,
): RawAlert {
  return {
    name,
    labels: { alertname: name, severity, ...labels },
    annotations: { summary, description },
    state: "firing",
    activeAt: activeAt?.toISOString() ?? null,
    value: null,
    source: MERIDIAN,
    kind: "fleet",
  };
}

function minutes(ms: number): string {
  if (ms < 120_000) return `${Math.max(1, Math.round(ms / 1000))} s`;
  const m = Math.round(ms / 60_000);
  return m < 120 ? `${m} min` : `${Math.round(m / 60)} h`;
}

function connectionAlerts(input: FleetAlertInput): RawAlert[] {
  const staleMs = input.staleAfterSeconds * 1000;
  const now = input.now.getTime();
  const out: RawAlert[] = [];
  // Pending clusters wait for an admin and disabled ones are switched off: neither alerts.
  for (const c of input.clusters.filter((x) => x.state === "live")) {
    if (!c.lastSeenAt) {
      // A cluster just accepted gets one stale threshold for its agent to connect.
      if (now - c.createdAt.getTime() <= staleMs) continue;
      out.push(
        fleetAlert(
          "AgentDisconnected",
          "critical",
          { cluster: c.name },
          `Agent of ${c.name} never connected`,
          `${c.name} is accepted but its agent has never reported: Meridian knows nothing of its services and cannot deliver changes to it. Install the agent with a join token from the cluster page.`,
          new Date(c.createdAt.getTime() + staleMs),
        ),
      );
      continue;
    }
    const silent = now - c.lastSeenAt.getTime();
    if (silent <= staleMs) continue;
    const since = new Date(c.lastSeenAt.getTime() + staleMs);
    if (silent > staleMs * DISCONNECTED_AFTER_STALE_THRESHOLDS) {
      out.push(
        fleetAlert(
          "AgentDisconnected",
          "critical",
          { cluster: c.name },
          `Agent of ${c.name} disconnected: silent for ${minutes(silent)}`,
          `${c.name}'s agent has not reported for ${minutes(silent)}. Its inventory is the last one reported and changes wait until the agent reconnects; the cluster keeps its last applied configuration.`,
          since,
        ),
      );
    } else {
      out.push(
        fleetAlert(
          "ClusterStale",
          "warning",
          { cluster: c.name },
          `${c.name} is stale: no report for ${minutes(silent)}`,
          `${c.name}'s agent has been silent past the stale threshold (${input.staleAfterSeconds} s); its services and endpoint counts are shown as last known.`,
          since,
        ),
      );
    }
  }
  return out;
}

function intentAlerts(input: FleetAlertInput): RawAlert[] {
  const index = indexFleet(input.inventory);
  // One alert per (alert, service, cluster): the analysis may warn once per exporter/importer
  // pair, and their messages are joined.
  const grouped = new Map<string, { alert: RawAlert; messages: string[] }>();
  for (const intent of input.intents) {
    const analyzed = analyzeService(intent, index);
    for (const w of analyzed.warnings) {
      const kind = FROM_WARNING[w.code];
      if (!kind) continue;
      // The failover check warns once per importer with the same message: it is about the
      // service's targets, not the importer, so it is kept once, without a cluster.
      const cluster = kind.name === "FailoverNoHealthyTarget" ? undefined : w.cluster;
      const key = `${kind.name}|${intent.namespace}/${intent.name}|${cluster ?? w.message}`;
      const entry = grouped.get(key);
      if (entry) {
        if (!entry.messages.includes(w.message)) entry.messages.push(w.message);
        continue;
      }
      const labels: Record<string, string> = { namespace: intent.namespace, service: intent.name };
      if (cluster) labels.cluster = cluster;
      const summary =
        kind.name === "ExportConflict"
          ? `Export conflict on ${intent.name}.${intent.namespace} in ${cluster}`
          : kind.name === "TrustRootMismatch"
            ? `Trust roots differ for ${intent.name}.${intent.namespace}: ${cluster} cannot reach its exporters over mTLS`
            : `Failover of ${intent.name}.${intent.namespace} has no healthy target`;
      grouped.set(key, {
        alert: fleetAlert(kind.name, kind.severity, labels, summary, "", null),
        messages: [w.message],
      });
    }
  }
  return [...grouped.values()].map(({ alert, messages }) => ({
    ...alert,
    annotations: { ...alert.annotations, description: messages.join("; ") },
  }));
}

/** A live cluster whose agent reported within the stale threshold (its counts are current). */
function reportingClusters(input: FleetAlertInput): Set<string> {
  const staleMs = input.staleAfterSeconds * 1000;
  const now = input.now.getTime();
  return new Set(
    input.clusters
      .filter((c) => c.state === "live" && c.lastSeenAt && now - c.lastSeenAt.getTime() <= staleMs)
      .map((c) => c.name),
  );
}

/**
 * Endpoint health of every service instance in a reporting cluster: some endpoints not ready
 * is EndpointsDegraded, none ready EndpointsDown. Labelled with the service and the cluster,
 * so the alert pipeline rolls them up per global service like Prometheus' alerts. A stale
 * cluster's counts are last known: ClusterStale says so instead.
 */
function endpointAlerts(input: FleetAlertInput): RawAlert[] {
  const reporting = reportingClusters(input);
  const out: RawAlert[] = [];
  for (const cluster of input.inventory.clusters) {
    if (!reporting.has(cluster.name)) continue;
    for (const svc of cluster.services) {
      const { ready, total } = svc.endpoints;
      if (total === 0 || ready >= total) continue;
      const id = `${svc.name}.${svc.namespace}`;
      const labels = { namespace: svc.namespace, service: svc.name, cluster: cluster.name };
      out.push(
        ready === 0
          ? fleetAlert(
              "EndpointsDown",
              "critical",
              labels,
              `${id} has no ready endpoint in ${cluster.name} (0 of ${total})`,
              `None of ${id}'s ${total} endpoints in ${cluster.name} is ready: calls to it there fail unless another cluster serves it.`,
              null,
            )
          : fleetAlert(
              "EndpointsDegraded",
              "warning",
              labels,
              `${id} is degraded in ${cluster.name}: ${ready} of ${total} endpoints ready`,
              `${total - ready} of ${id}'s ${total} endpoints in ${cluster.name} are not ready; it still serves with less capacity.`,
              null,
            ),
      );
    }
  }
  return out;
}

/**
 * A ServiceExport whose MCS controller reports a conflict (Conflicted, or the deprecated Conflict,
 * True): the clusterset's ServiceImport does not follow this cluster's Service (KEP-1645 resolves
 * a conflict in favour of the oldest export). Only live clusters: a disabled one is switched off.
 */
function exportConflictAlerts(input: FleetAlertInput): RawAlert[] {
  const live = new Set(input.clusters.filter((c) => c.state === "live").map((c) => c.name));
  return (input.exportStatuses ?? [])
    .filter((e) => live.has(e.cluster) && exportConflicted(e.conditions))
    .map((e) => {
      const c = e.conditions.find(
        (x) => (x.type === "Conflicted" || x.type === "Conflict") && x.status === "True",
      )!;
      const id = `${e.name}.${e.namespace}`;
      return fleetAlert(
        "ServiceExportConflict",
        "warning",
        { namespace: e.namespace, service: e.name, cluster: e.cluster },
        `ServiceExport of ${id} in ${e.cluster} is in conflict${c.reason ? ` (${c.reason})` : ""}`,
        `The MCS controller in ${e.cluster} reports ${c.type}${c.reason ? ` ${c.reason}` : ""}${c.message ? `: ${c.message}` : ""}. The clusterset's ServiceImport follows the oldest export, not ${e.cluster}'s Service; make the exporting Services' ports and type agree.`,
        null,
      );
    });
}

/**
 * Meridian's fleet alerts, all firing:
 * - **AgentDisconnected** (critical): a live cluster whose agent never reported (one stale
 *   threshold after it was added), or has been silent for more than
 *   {@link DISCONNECTED_AFTER_STALE_THRESHOLDS} stale thresholds.
 * - **ClusterStale** (warning): silent past the stale threshold, up to that.
 * - **ExportConflict** (warning): exporters of a service disagree on ports or type (one per
 *   exporting cluster).
 * - **TrustRootMismatch** (critical): an importer's mesh trust root differs from an
 *   exporter's (one per importing cluster).
 * - **TrustRootExpiring** (warning at 30 days, critical at 7 days and once expired): a root a
 *   cluster's mesh trusts nears its notAfter (one per cluster and root).
 * - **FailoverNoHealthyTarget** (critical): a failover tier, or every exporter, of an
 *   imported service has no ready endpoints.
 * - **EndpointsDegraded** (warning) / **EndpointsDown** (critical): a service instance in a
 *   reporting cluster has some / none of its endpoints ready (one per service and cluster).
 * - **ServiceExportConflict** (warning): an MCS controller reports a ServiceExport Conflicted.
 * - **ResourceDrifted** (warning): an object Meridian applied was changed or deleted by someone
 *   else since (one per object); the next apply restores it.
 */
export function computeFleetAlerts(input: FleetAlertInput): RawAlert[] {
  return [
    ...connectionAlerts(input),
    ...intentAlerts(input),
    ...endpointAlerts(input),
    ...expiryAlerts(input),
    ...exportConflictAlerts(input),
    ...driftAlerts(input),
  ];
}

/** One alert per drifted object of a live cluster, naming it and what the agent saw. */
function driftAlerts(input: FleetAlertInput): RawAlert[] {
  const live = new Set(input.clusters.filter((c) => c.state === "live").map((c) => c.name));
  return (input.drifted ?? [])
    .filter((d) => live.has(d.cluster))
    .map((d) => {
      const object = `${d.kind} ${d.namespace ? `${d.namespace}/` : ""}${d.name}`;
      return fleetAlert(
        "ResourceDrifted",
        "warning",
        {
          cluster: d.cluster,
          kind: d.kind,
          ...(d.namespace ? { namespace: d.namespace } : {}),
          object: d.name,
        },
        `${object} in ${d.cluster} drifted from what Meridian applied`,
        `The agent in ${d.cluster} found ${object} ${d.message}. Meridian owns this object: change it through a plan, not in the cluster.`,
        d.reportedAt,
      );
    });
}

/**
 * A root a cluster's mesh trusts that expires within 30 days (warning) or 7 days, or has
 * expired (critical): once it expires, workloads signed by it fail every mTLS handshake.
 */
function expiryAlerts(input: FleetAlertInput): RawAlert[] {
  return expiringRoots(input.trust ?? [], input.now).map((r) => {
    const critical = r.expiry !== "expiring";
    const when =
      r.expiry === "expired"
        ? `expired on ${r.notAfter.slice(0, 10)}`
        : `expires in ${r.daysLeft} day${r.daysLeft === 1 ? "" : "s"} (${r.notAfter.slice(0, 10)})`;
    return fleetAlert(
      "TrustRootExpiring",
      critical ? "critical" : "warning",
      { cluster: r.cluster, root: r.fingerprint },
      `Trust root of ${r.cluster} ${when}`,
      `The root "${r.subject}" (SHA-256 ${r.fingerprint}) that ${r.cluster}'s mesh trusts ${when}. Rotate it before then: add the new root beside the old one (a rotation window), move the signing CA, then drop the old root. Alerts start ${EXPIRY_WARNING_DAYS} days before and turn critical ${EXPIRY_CRITICAL_DAYS} days before.`,
      new Date(
        Date.parse(r.notAfter) -
          (critical ? EXPIRY_CRITICAL_DAYS : EXPIRY_WARNING_DAYS) * 86_400_000,
      ),
    );
  });
}
