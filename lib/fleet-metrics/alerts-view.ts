// One alerts answer from everything read: every source's alerts (or its error), Meridian's
// fleet alerts and the fleet's global services → filtered items, rollups and source status,
// in the shapes of GET /api/v1/alerts and its summary. No I/O.
import type { AlertListDto, AlertQuery, AlertSummaryDto } from "@/lib/model/alerts";
import { countAlerts, filterAlerts } from "@/lib/domain/alert-filter";
import type { RawAlert } from "@/lib/domain/alert-model";
import {
  mapAlerts,
  rollupAlerts,
  rollupLabel,
  type RollupService,
} from "@/lib/domain/alert-rollup";
import type { AlertSource, SourceAlerts } from "@/lib/fleet-metrics/alerts-client";
import type { FanOutResult } from "@/lib/fleet-metrics/fan-out";

/** Inputs of {@link buildAlertList}. */
export interface AlertListInput {
  sources: readonly AlertSource[];
  read: FanOutResult<SourceAlerts>;
  fleetAlerts: readonly RawAlert[];
  services: readonly RollupService[];
  query: AlertQuery;
  now: Date;
}

/**
 * Maps, deduplicates, filters and rolls up. Rollups are computed over the filtered alerts
 * (filter by severity and the rollup counts only those), against every cluster a service
 * runs in.
 */
export function buildAlertList(input: AlertListInput): AlertListDto {
  const failed = new Set(input.read.errors.map((e) => e.source));
  const raw = [...input.fleetAlerts, ...input.read.items.flatMap((i) => i.data.alerts)];
  const items = filterAlerts(mapAlerts(raw, input.services), input.query);
  const rollup = rollupAlerts(items, input.services);
  const bySource = new Map(input.read.items.map((i) => [i.source, i.data]));
  return {
    items,
    errors: input.read.errors,
    rollups: {
      services: rollup.services.map((r) => ({ ...r, label: rollupLabel(r) })),
      clusters: rollup.clusters,
      otherIds: rollup.otherIds,
    },
    sources: [
      {
        name: "meridian",
        type: "meridian",
        ok: true,
        alerts: input.fleetAlerts.length,
        truncated: false,
      },
      ...input.sources.map((s) => ({
        name: s.name,
        type: s.kind,
        ok: !failed.has(s.name),
        alerts: bySource.get(s.name)?.alerts.length ?? 0,
        truncated: bySource.get(s.name)?.truncated ?? false,
      })),
    ],
    generatedAt: input.now.toISOString(),
  };
}

/** Badge counts from a built list. */
export function summarizeAlertList(list: AlertListDto): AlertSummaryDto {
  return {
    counts: countAlerts(list.items),
    services: list.rollups.services.map((r) => ({
      namespace: r.namespace,
      name: r.name,
      status: r.status,
      label: r.label,
      severity: r.severity,
      affected: r.affectedClusters.length,
      total: r.clusters.length,
    })),
    clusters: list.rollups.clusters.map((c) => ({
      cluster: c.cluster,
      severity: c.severity,
      alerts: c.alertIds.length,
    })),
    errors: list.errors,
    generatedAt: list.generatedAt,
  };
}
