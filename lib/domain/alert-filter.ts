// Filtering and counting alerts, shared by GET /api/v1/alerts, its summary and the pages.
import {
  ALERT_SEVERITIES,
  type AlertItem,
  type AlertKind,
  type AlertSeverity,
  type AlertState,
} from "./alert-model";

/** Filters of the alerts list; each list matches any of its values, absent = all. */
export interface AlertFilter {
  severity?: readonly AlertSeverity[];
  state?: readonly AlertState[];
  kind?: readonly AlertKind[];
  /** `namespace/name` of a global service. */
  globalService?: string;
  cluster?: string;
}

/** The alerts matching every given filter. */
export function filterAlerts(alerts: readonly AlertItem[], f: AlertFilter): AlertItem[] {
  return alerts.filter(
    (a) =>
      (!f.severity?.length || f.severity.includes(a.severity)) &&
      (!f.state?.length || f.state.includes(a.state)) &&
      (!f.kind?.length || f.kind.includes(a.kind)) &&
      (!f.cluster || a.cluster === f.cluster) &&
      (!f.globalService ||
        (a.globalService !== null &&
          `${a.globalService.namespace}/${a.globalService.name}` === f.globalService)),
  );
}

/** Alert counts for badges. */
export interface AlertCountSummary {
  total: number;
  firing: number;
  pending: number;
  suppressed: number;
  /** Firing and pending alerts by severity (suppressed ones are someone's already). */
  bySeverity: Record<AlertSeverity, number>;
}

/** Counts alerts by state, and live (not suppressed) ones by severity. */
export function countAlerts(alerts: readonly AlertItem[]): AlertCountSummary {
  const bySeverity = Object.fromEntries(ALERT_SEVERITIES.map((s) => [s, 0])) as Record<
    AlertSeverity,
    number
  >;
  const out: AlertCountSummary = { total: 0, firing: 0, pending: 0, suppressed: 0, bySeverity };
  for (const a of alerts) {
    out.total++;
    out[a.state]++;
    if (a.state !== "suppressed") bySeverity[a.severity]++;
  }
  return out;
}
