import "server-only";
import type { AlertListDto, AlertQuery } from "@/lib/api/alert-schemas";
import { loadAlertSources } from "@/lib/db/alert-sources";
import { loadAlertFleet } from "@/lib/db/fleet-alerts";
import { readAllAlerts } from "@/lib/metrics/alerts-client";
import { buildAlertList } from "@/lib/metrics/alerts-view";
import { createPrometheusClient } from "@/lib/metrics/prometheus-client";
import { createSsrfGuard } from "@/lib/metrics/ssrf-guard";

// Alert requests wait at most this long for a source; the page refreshes every 15 s.
const SOURCE_TIMEOUT_MS = 3_000;

const globalForAlerts = globalThis as unknown as {
  meridianAlertsClient?: ReturnType<typeof createPrometheusClient>;
  meridianAlertsAllow?: string;
};

function clientFor(allow: string[]) {
  // One client per process keeps the per-source concurrency limit process-wide; it is
  // rebuilt only when the admin's allow-list changes.
  const key = allow.join(",");
  if (!globalForAlerts.meridianAlertsClient || globalForAlerts.meridianAlertsAllow !== key) {
    const guard = createSsrfGuard({ allow });
    globalForAlerts.meridianAlertsClient = createPrometheusClient({
      timeoutMs: SOURCE_TIMEOUT_MS,
      concurrency: 2,
      checkUrl: guard.check,
    });
    globalForAlerts.meridianAlertsAllow = key;
  }
  return globalForAlerts.meridianAlertsClient;
}

/**
 * Every alert of the fleet matching the query: read from each configured source in
 * parallel (a failing one is listed in `errors`), plus Meridian's fleet alerts, mapped to
 * global services and rolled up.
 */
export async function listAlerts(query: AlertQuery): Promise<AlertListDto> {
  const [{ sources, errors, allow }, fleet] = await Promise.all([
    loadAlertSources(),
    loadAlertFleet(),
  ]);
  const read = await readAllAlerts(clientFor(allow), sources);
  return buildAlertList({
    sources,
    read: { items: read.items, errors: [...errors, ...read.errors] },
    fleetAlerts: fleet.fleetAlerts,
    services: fleet.services,
    query,
    now: new Date(),
  });
}
