import "server-only";
import { log } from "@/lib/infra/log";

import { sourceAuthInputSchema } from "@/lib/model/metrics";
import { openSecret } from "@/lib/crypto/secret";
import {
  findSourceRow,
  listSourceRows,
  type MetricsSourceRow as SourceRow,
} from "@/lib/store/metrics-sources";
import type { PrometheusSource, SourceAuth } from "@/lib/fleet-metrics/prometheus-client";
import { sealingContext } from "@/lib/services/fleet-metrics/metrics-sources";

// Sources ready to query, credentials opened: for the server's own outbound requests only.

/** A source ready to query: credentials decrypted, for server-side use only. */
export interface RuntimeSource extends PrometheusSource {
  id: string;
  kind: "prometheus" | "alertmanager";
  scope: "global" | "cluster";
}

function runtimeAuth(row: SourceRow): SourceAuth | undefined {
  if (row.auth === "none" || !row.authSecret) return undefined;
  const parsed = sourceAuthInputSchema.parse(
    JSON.parse(openSecret(row.authSecret, sealingContext(row.id))),
  );
  return parsed.type === "none" ? undefined : parsed;
}

function toRuntime(row: SourceRow): RuntimeSource {
  const auth = runtimeAuth(row);
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    kind: row.kind,
    scope: row.scope,
    ...(row.clusterName ? { cluster: row.clusterName } : {}),
    ...(auth ? { auth } : {}),
  };
}

/**
 * Enabled sources of a kind with decrypted credentials, for the server's outbound queries
 * (golden signals, alerts). Never send these to a client.
 */
export async function loadRuntimeSources(
  kind: "prometheus" | "alertmanager" = "prometheus",
): Promise<RuntimeSource[]> {
  const rows = await listSourceRows({ kind, enabled: true });
  // A source whose stored credential cannot be opened (key rotated, row tampered with) is left
  // out with a warning, so one bad row never takes the other sources' data down with it.
  return rows.flatMap((row) => {
    try {
      return [toRuntime(row)];
    } catch {
      log.warn("metrics source credential unreadable; source skipped", { source: row.name });
      return [];
    }
  });
}

/** One source by id with decrypted credentials (for the connection test), or null. */
export async function loadRuntimeSource(id: string): Promise<RuntimeSource | null> {
  const row = await findSourceRow(id);
  return row ? toRuntime(row) : null;
}
