import "server-only";
import type { AlertListDto, AlertQuery } from "@/lib/model/alerts";
import { loadAlertFleet } from "@/lib/services/fleet-metrics/fleet-alerts";
import { metricsClient } from "@/lib/services/fleet-metrics/metrics-runtime";
import { loadRuntimeSources } from "@/lib/services/fleet-metrics/runtime-sources";
import { readAllAlerts, type AlertSource } from "@/lib/fleet-metrics/alerts-client";
import { buildAlertList } from "@/lib/fleet-metrics/alerts-view";

/**
 * Every alert of the fleet matching the query: read in parallel from each enabled source —
 * a Prometheus's /api/v1/alerts, an Alertmanager's /api/v2/alerts — through the shared
 * metrics client (SSRF guard, DNS pinning, per-source limit; a failing source is listed in
 * `errors`), plus Meridian's fleet alerts, mapped to global services and rolled up.
 */
export async function listAlerts(query: AlertQuery): Promise<AlertListDto> {
  const [prometheus, alertmanagers, fleet, client] = await Promise.all([
    loadRuntimeSources("prometheus"),
    loadRuntimeSources("alertmanager"),
    loadAlertFleet(),
    metricsClient(),
  ]);
  const sources: AlertSource[] = [...prometheus, ...alertmanagers].sort((a, b) =>
    a.name.localeCompare(b.name),
  );
  return buildAlertList({
    sources,
    read: await readAllAlerts(client, sources),
    fleetAlerts: fleet.fleetAlerts,
    services: fleet.services,
    query,
    now: new Date(),
  });
}
