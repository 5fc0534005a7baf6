import "server-only";
import { randomUUID } from "node:crypto";

import { invalid, notFound } from "@/lib/domain/errors";
import {
  type MetricsSourceCreateInput,
  type MetricsSourceDto,
  type MetricsSourceUpdateInput,
  type SourceAuthInput,
} from "@/lib/model/metrics";
import { sealSecret } from "@/lib/crypto/secret";
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
import { pool, transaction } from "@/lib/store/transaction";
import { createSsrfGuard, SsrfError } from "@/lib/fleet-metrics/ssrf-guard";
import { getAllowList } from "@/lib/services/fleet-metrics/allow-list";

// The metrics sources an admin configures: listed, created, updated, deleted.

/** The sealing context of a source's stored credentials (sealed here, opened by runtime-sources.ts). */
export const sealingContext = (id: string) => `metrics-source:${id}`;

/** Every configured source, by name. Credentials never leave this module. */
export async function listMetricsSources(): Promise<MetricsSourceDto[]> {
  return (await listSourceRows()).map(toDto);
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
  return { auth: auth.type, authSecret: sealSecret(JSON.stringify(auth), sealingContext(id)) };
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
