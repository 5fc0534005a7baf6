// Active alerts from every alert source: a Prometheus's /api/v1/alerts (firing and pending
// rule alerts) and an Alertmanager's /api/v2/alerts (what it received, with silences and
// inhibitions), zod-validated, through the Prometheus client's deadline, per-source limit
// and redirect refusal, fanned out with partial results.
// https://prometheus.io/docs/prometheus/latest/querying/api/#alerts
// https://github.com/prometheus/alertmanager/blob/v0.25.0/api/v2/openapi.yaml
import { z } from "zod";

import type { AlertState, RawAlert } from "@/lib/domain/alert-model";
import { fanOut, type FanOutResult } from "@/lib/fleet-metrics/fan-out";
import type { PrometheusClient, PrometheusSource } from "@/lib/fleet-metrics/prometheus-client";
import { parseSampleValue } from "@/lib/fleet-metrics/prometheus-schema";

/** A source alerts are read from. */
export interface AlertSource extends PrometheusSource {
  kind: "prometheus" | "alertmanager";
}

/** Alerts kept per source; a source with more is cut and says so. */
export const MAX_ALERTS_PER_SOURCE = 5_000;

const Labels = z.record(z.string(), z.string());

const PrometheusAlertsSchema = z.object({
  status: z.literal("success"),
  data: z.object({
    alerts: z.array(
      z.object({
        labels: Labels,
        annotations: Labels.default({}),
        state: z.enum(["firing", "pending", "inactive"]),
        activeAt: z.string().optional(),
        value: z.string().optional(),
      }),
    ),
  }),
  warnings: z.array(z.string()).optional(),
});

const AlertmanagerAlertsSchema = z.array(
  z.object({
    labels: Labels,
    annotations: Labels.default({}),
    startsAt: z.string().optional(),
    status: z.object({
      state: z.enum(["active", "suppressed", "unprocessed"]),
      silencedBy: z.array(z.string()).default([]),
      inhibitedBy: z.array(z.string()).default([]),
    }),
  }),
);

/** One source's alerts. */
export interface SourceAlerts {
  alerts: RawAlert[];
  /** True when the source had more than {@link MAX_ALERTS_PER_SOURCE} alerts. */
  truncated: boolean;
}

// Prometheus writes the zero time for an alert that never became active; RFC 3339 otherwise.
function isoOrNull(raw: string | undefined): string | null {
  if (!raw || raw.startsWith("0001-01-01")) return null;
  const t = Date.parse(raw);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}

function valueOrNull(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  try {
    const v = parseSampleValue(raw);
    return Number.isFinite(v) ? v : null;
  } catch {
    return null;
  }
}

function cut<T>(list: T[]): { list: T[]; truncated: boolean } {
  return list.length > MAX_ALERTS_PER_SOURCE
    ? { list: list.slice(0, MAX_ALERTS_PER_SOURCE), truncated: true }
    : { list, truncated: false };
}

/** Reads a Prometheus's firing and pending rule alerts. */
export async function readPrometheusAlerts(
  client: PrometheusClient,
  source: AlertSource,
): Promise<SourceAlerts> {
  const data = await client.getJson(source, "api/v1/alerts", (body) => {
    const parsed = PrometheusAlertsSchema.safeParse(body);
    return parsed.success ? parsed.data : null;
  });
  const active = data.data.alerts.filter((a) => a.state !== "inactive");
  const { list, truncated } = cut(active);
  return {
    truncated,
    alerts: list.map((a) => ({
      name: a.labels.alertname ?? "unnamed",
      labels: a.labels,
      annotations: a.annotations,
      state: a.state as AlertState,
      activeAt: isoOrNull(a.activeAt),
      value: valueOrNull(a.value),
      source: { name: source.name, type: "prometheus" },
      ...(source.cluster ? { sourceCluster: source.cluster } : {}),
      kind: "metrics",
    })),
  };
}

/** Reads the alerts an Alertmanager holds; silenced or inhibited ones are `suppressed`. */
export async function readAlertmanagerAlerts(
  client: PrometheusClient,
  source: AlertSource,
): Promise<SourceAlerts> {
  const data = await client.getJson(source, "api/v2/alerts", (body) => {
    const parsed = AlertmanagerAlertsSchema.safeParse(body);
    return parsed.success ? parsed.data : null;
  });
  const { list, truncated } = cut(data);
  return {
    truncated,
    alerts: list.map((a) => ({
      name: a.labels.alertname ?? "unnamed",
      labels: a.labels,
      annotations: a.annotations,
      // Alertmanager only holds alerts Prometheus sent, and Prometheus sends only firing ones.
      state: a.status.state === "suppressed" ? "suppressed" : "firing",
      activeAt: isoOrNull(a.startsAt),
      value: null,
      source: { name: source.name, type: "alertmanager" },
      ...(source.cluster ? { sourceCluster: source.cluster } : {}),
      kind: "metrics",
    })),
  };
}

/**
 * Reads every source at once. A failing or slow source becomes `{source, message}` in
 * `errors` (message safe to show), the others' alerts are still returned.
 */
export function readAllAlerts(
  client: PrometheusClient,
  sources: readonly AlertSource[],
): Promise<FanOutResult<SourceAlerts>> {
  return fanOut(sources, (source) =>
    source.kind === "alertmanager"
      ? readAlertmanagerAlerts(client, source)
      : readPrometheusAlerts(client, source),
  );
}
