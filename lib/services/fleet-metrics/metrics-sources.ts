import "server-only";
import { log } from "@/lib/infra/log";
import { randomUUID } from "node:crypto";

import { invalid, notFound } from "@/lib/domain/errors";
import {
  allowListSchema,
  sourceAuthInputSchema,
  type MetricsSourceCreateInput,
  type MetricsSourceDto,
  type MetricsSourceUpdateInput,
  type SourceAuthInput,
} from "@/lib/model/metrics";
import { openSecret, sealSecret } from "@/lib/crypto/secret";
import { recordAudit } from "@/lib/store/audit";
import { type Actor } from "@/lib/model/actor";
import { findCluster } from "@/lib/store/clusters";
import {
  deleteSourceRow,
  findSourceRow,
  insertSourceRow,
  listSourceRows,
  toMetricsSourceDto as toDto,
  updateSourceRow,
  type MetricsSourceRow as SourceRow,
} from "@/lib/store/metrics-sources";
import { readSetting, writeSetting } from "@/lib/store/settings";
import { pool, transaction } from "@/lib/store/transaction";
import type { PrometheusSource, SourceAuth } from "@/lib/metrics/prometheus-client";
import { createSsrfGuard, SsrfError } from "@/lib/metrics/ssrf-guard";

/** The Setting key holding the admin allow-list of private networks for sources. */
export const ALLOW_LIST_KEY = "metricsAllowedNetworks";

/** A source ready to query: credentials decrypted, for server-side use only. */
export interface RuntimeSource extends PrometheusSource {
  id: string;
  kind: "prometheus" | "alertmanager";
  scope: "global" | "cluster";
}

const context = (id: string) => `metrics-source:${id}`;

/** Every configured source, by name. Credentials never leave this module. */
export async function listMetricsSources(): Promise<MetricsSourceDto[]> {
  return (await listSourceRows()).map(toDto);
}

/** The admin allow-list (CIDRs, addresses, hostnames) that lets sources use private ranges. */
export async function getAllowList(): Promise<string[]> {
  const parsed = allowListSchema.safeParse({ entries: (await readSetting(ALLOW_LIST_KEY)) ?? [] });
  return parsed.success ? parsed.data.entries : [];
}

/** Replaces the allow-list; sources already saved are checked again at request time. */
export async function setAllowList(entries: string[], actor: Actor): Promise<string[]> {
  const unique = [...new Set(entries)];
  await transaction(async (tx) => {
    await writeSetting(tx, ALLOW_LIST_KEY, unique, actor.label);
    await recordAudit(tx, actor, "settings.metrics-allow-list", "setting", ALLOW_LIST_KEY, {
      entries: unique,
    });
  });
  return unique;
}

/** Refuses a URL the SSRF guard would not fetch, with the guard's generic message. */
async function assertUrlAllowed(url: string): Promise<void> {
  try {
    await createSsrfGuard({ allow: await getAllowList() }).check(url);
  } catch (err) {
    const message = err instanceof SsrfError ? err.message : "source URL refused";
    throw invalid(message, "url_refused");
  }
}

async function assertCluster(name: string | null | undefined): Promise<void> {
  if (!name) return;
  if (!(await findCluster(pool(), name))) throw invalid(`clusterName: no cluster named ${name}`);
}

function sealAuth(
  id: string,
  auth: SourceAuthInput,
): { auth: SourceRow["auth"]; authSecret: string | null } {
  if (auth.type === "none") return { auth: "none", authSecret: null };
  return { auth: auth.type, authSecret: sealSecret(JSON.stringify(auth), context(id)) };
}

/** Creates a source after the SSRF check; credentials are stored encrypted. */
export async function createMetricsSource(
  input: MetricsSourceCreateInput,
  actor: Actor,
): Promise<MetricsSourceDto> {
  await assertUrlAllowed(input.url);
  await assertCluster(input.scope === "cluster" ? input.clusterName : null);
  const id = randomUUID();
  const row = await transaction(async (tx) => {
    const created = await insertSourceRow(tx, {
      id,
      name: input.name,
      kind: input.kind,
      url: input.url,
      scope: input.scope,
      clusterName: input.scope === "cluster" ? input.clusterName! : null,
      enabled: input.enabled,
      ...sealAuth(id, input.auth),
    });
    await recordAudit(tx, actor, "metrics-source.create", "metrics-source", id, {
      name: input.name,
      kind: input.kind,
      scope: input.scope,
    });
    return created;
  });
  return toDto(row);
}

/** Updates a source; a new URL is checked again, omitted `auth` keeps the stored secret. */
export async function updateMetricsSource(
  id: string,
  input: MetricsSourceUpdateInput,
  actor: Actor,
): Promise<MetricsSourceDto> {
  const current = await findSourceRow(id);
  if (!current) throw notFound("Metrics source");
  const scope = input.scope ?? current.scope;
  const clusterName =
    scope === "global"
      ? null
      : input.clusterName !== undefined
        ? input.clusterName
        : current.clusterName;
  if (scope === "cluster" && !clusterName) {
    throw invalid("clusterName: required for a cluster source");
  }
  if (input.scope === "global" && input.clusterName) {
    throw invalid("clusterName: only for a cluster source");
  }
  if (input.url !== undefined && input.url !== current.url) await assertUrlAllowed(input.url);
  await assertCluster(clusterName);
  const row = await transaction(async (tx) => {
    const updated = await updateSourceRow(tx, id, {
      name: input.name,
      kind: input.kind,
      url: input.url,
      scope,
      clusterName,
      enabled: input.enabled,
      ...(input.auth ? sealAuth(id, input.auth) : {}),
    });
    await recordAudit(tx, actor, "metrics-source.update", "metrics-source", id, {
      fields: Object.keys(input),
    });
    return updated;
  });
  return toDto(row);
}

/** Deletes a source. */
export async function deleteMetricsSource(id: string, actor: Actor): Promise<void> {
  await transaction(async (tx) => {
    const row = await findSourceRow(id, tx);
    if (!row) throw notFound("Metrics source");
    await deleteSourceRow(tx, id);
    await recordAudit(tx, actor, "metrics-source.delete", "metrics-source", id, { name: row.name });
  });
}

function runtimeAuth(row: SourceRow): SourceAuth | undefined {
  if (row.auth === "none" || !row.authSecret) return undefined;
  const parsed = sourceAuthInputSchema.parse(
    JSON.parse(openSecret(row.authSecret, context(row.id))),
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
