import "server-only";
import { z } from "zod";
import type { AlertSource } from "@/lib/metrics/alerts-client";
import type { SourceError } from "@/lib/metrics/fan-out";
import { db } from "@/lib/db/client";

// The configured alert sources: every enabled PrometheusSource (kind prometheus: its
// /api/v1/alerts; kind alertmanager: its /api/v2/alerts), and the admin's allow-list of
// private networks the SSRF guard lets through.

/** Setting key of the networks metrics sources may use despite being private. */
export const ALLOWED_NETWORKS_KEY = "metricsAllowedNetworks";
const AllowedNetworks = z.array(z.string().max(253)).max(100).catch([]);

/** Enabled sources usable without credentials, and a marked error for each that is not. */
export async function loadAlertSources(): Promise<{
  sources: AlertSource[];
  errors: SourceError[];
  allow: string[];
}> {
  const [rows, allowRow] = await Promise.all([
    db().prometheusSource.findMany({
      where: { enabled: true },
      select: { name: true, kind: true, url: true, scope: true, clusterName: true, auth: true },
      orderBy: { name: "asc" },
    }),
    db().setting.findUnique({ where: { key: ALLOWED_NETWORKS_KEY } }),
  ]);
  const sources: AlertSource[] = [];
  const errors: SourceError[] = [];
  for (const r of rows) {
    if (r.auth !== "none") {
      // Stored credentials are read by the metrics-sources module; until it hands them to
      // the alert reader, such a source is shown as failing rather than queried without them.
      errors.push({ source: r.name, message: `source ${r.name} failed: credentials unavailable` });
      continue;
    }
    sources.push({
      name: r.name,
      kind: r.kind,
      url: r.url,
      ...(r.scope === "cluster" && r.clusterName ? { cluster: r.clusterName } : {}),
    });
  }
  return { sources, errors, allow: AllowedNetworks.parse(allowRow?.value ?? []) };
}
