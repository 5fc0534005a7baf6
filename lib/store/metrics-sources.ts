import "server-only";
import type { MetricsSourceDto } from "@/lib/model/metrics";
import type { PrometheusSource } from "@/lib/store/generated/client";
import { pool, type Tx } from "@/lib/store/transaction";

// Metrics source rows. The sealed credential (`authSecret`) is opened only by
// lib/services/fleet-metrics/metrics-sources.ts, for the server's own outbound queries.

export type MetricsSourceRow = PrometheusSource;

export type MetricsSourceWrite = {
  name?: string;
  kind?: MetricsSourceRow["kind"];
  url?: string;
  scope?: MetricsSourceRow["scope"];
  clusterName?: string | null;
  enabled?: boolean;
  auth?: MetricsSourceRow["auth"];
  authSecret?: string | null;
};

/** A row as the API shows it: whether it has credentials, never the credentials. */
export function toMetricsSourceDto(row: MetricsSourceRow): MetricsSourceDto {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    url: row.url,
    scope: row.scope,
    clusterName: row.clusterName,
    auth: row.auth,
    hasAuth: row.auth !== "none" && row.authSecret !== null,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every source by name; only the enabled ones of `kind` when given. */
export async function listSourceRows(
  only?: { kind: MetricsSourceRow["kind"]; enabled: true },
  tx: Tx = pool(),
): Promise<MetricsSourceRow[]> {
  return tx.prometheusSource.findMany({ where: only ?? {}, orderBy: { name: "asc" } });
}

export async function findSourceRow(id: string, tx: Tx = pool()) {
  return tx.prometheusSource.findUnique({ where: { id } });
}

export async function insertSourceRow(
  tx: Tx,
  row: Required<Omit<MetricsSourceWrite, "auth" | "authSecret">> &
    Pick<MetricsSourceRow, "auth" | "authSecret"> & { id: string },
): Promise<MetricsSourceRow> {
  return tx.prometheusSource.create({ data: row });
}

export async function updateSourceRow(
  tx: Tx,
  id: string,
  data: MetricsSourceWrite,
): Promise<MetricsSourceRow> {
  return tx.prometheusSource.update({ where: { id }, data });
}

export async function deleteSourceRow(tx: Tx, id: string): Promise<void> {
  await tx.prometheusSource.delete({ where: { id } });
}
