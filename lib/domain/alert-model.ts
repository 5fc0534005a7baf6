// The one alert shape Meridian works with, whatever produced it: a Prometheus rule (its
// /api/v1/alerts), an Alertmanager (/api/v2/alerts) or Meridian itself (fleet alerts).
// Pure: no Next, Prisma or Node APIs, so pages and client components can use it too.

export {
  ALERT_KINDS,
  ALERT_SEVERITIES,
  ALERT_SOURCE_TYPES,
  ALERT_STATES,
  type AlertKind,
  type AlertSeverity,
  type AlertSourceType,
  type AlertState,
} from "@/lib/model/alert-vocabulary";
import {
  ALERT_SEVERITIES,
  type AlertKind,
  type AlertSeverity,
  type AlertSourceType,
  type AlertState,
} from "@/lib/model/alert-vocabulary";

/** An alert as read from one source, before it is mapped to a global service or cluster. */
export interface RawAlert {
  name: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  state: AlertState;
  /** ISO time the alert became active, when the source says. */
  activeAt: string | null;
  /** The expression's value when the source reports it (Prometheus), else null. */
  value: number | null;
  source: { name: string; type: AlertSourceType };
  /** The cluster of a per-cluster source: its alerts carry no `cluster` label. */
  sourceCluster?: string;
  kind: AlertKind;
}

/** A global service's key. */
export interface ServiceRef {
  namespace: string;
  name: string;
}

/** An alert mapped to the fleet, deduplicated across sources. */
export interface AlertItem {
  /** Stable across refreshes: alert name, resolved cluster and labels (without `cluster`). */
  id: string;
  name: string;
  kind: AlertKind;
  severity: AlertSeverity;
  state: AlertState;
  summary: string;
  description: string;
  labels: Record<string, string>;
  sources: { name: string; type: AlertSourceType }[];
  cluster: string | null;
  globalService: ServiceRef | null;
  /** Service labels that named a service Meridian does not know, e.g. `shop/cart`. */
  unknownService: string | null;
  activeAt: string | null;
  value: number | null;
}

const SEVERITY_ALIASES: Record<string, AlertSeverity> = {
  critical: "critical",
  crit: "critical",
  page: "critical",
  p1: "critical",
  error: "error",
  high: "error",
  major: "error",
  p2: "error",
  warning: "warning",
  warn: "warning",
  medium: "warning",
  minor: "warning",
  p3: "warning",
  info: "info",
  low: "info",
  none: "info",
  p4: "info",
};

/**
 * Normalizes a `severity` label. Unknown or missing severities count as warning: an alert
 * someone wrote a rule for deserves attention, but is not assumed to page.
 */
export function normalizeSeverity(raw: string | undefined): AlertSeverity {
  return SEVERITY_ALIASES[(raw ?? "").trim().toLowerCase()] ?? "warning";
}

/** Sort rank of a severity: 0 is the most severe. */
export function severityRank(s: AlertSeverity): number {
  return ALERT_SEVERITIES.indexOf(s);
}

/** The most severe of the given severities, or null for none. */
export function maxSeverity(list: Iterable<AlertSeverity>): AlertSeverity | null {
  let best: AlertSeverity | null = null;
  for (const s of list) if (best === null || severityRank(s) < severityRank(best)) best = s;
  return best;
}

/** FNV-1a (32 bit) as 8 hex digits: a short stable id, fine for ids, never for security. */
export function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}
