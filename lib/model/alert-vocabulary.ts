// The words alerts are described in: severities, states, kinds, sources and rollup statuses.
// Shared by the alert domain (lib/domain/alert-*.ts), the API schemas and the pages.

/** Severities, most severe first. */
export const ALERT_SEVERITIES = ["critical", "error", "warning", "info"] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

/**
 * firing and pending come from Prometheus rules (pending: the condition holds but not yet
 * for its `for:` duration); suppressed is an Alertmanager alert that is silenced or inhibited.
 */
export const ALERT_STATES = ["firing", "pending", "suppressed"] as const;
export type AlertState = (typeof ALERT_STATES)[number];

/** metrics: from Prometheus or Alertmanager; fleet: computed by Meridian from its inventory. */
export const ALERT_KINDS = ["metrics", "fleet"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** Where an alert was read. */
export const ALERT_SOURCE_TYPES = ["prometheus", "alertmanager", "meridian"] as const;
export type AlertSourceType = (typeof ALERT_SOURCE_TYPES)[number];

/** outage: every instance affected; degraded: some; at-risk: only pending or fleet alerts. */
export const ROLLUP_STATUSES = ["outage", "degraded", "at-risk"] as const;
export type RollupStatus = (typeof ROLLUP_STATUSES)[number];
