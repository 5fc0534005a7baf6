import "server-only";
import { randomUUID } from "node:crypto";
import type { IntentDto } from "@/lib/model/intent";
import { Prisma } from "@/lib/store/generated/client";
import { keyOf } from "@/lib/domain/intent-change";

/** A global service's new intent and the version it was planned against. */
export type IntentWrite = { intent: IntentDto; baseVersion: number };

/**
 * Writes the new intent of many global services and bumps their versions — each only if it
 * is still at its `baseVersion` (optimistic concurrency) — in a fixed number of statements
 * however many services change (a fleet-wide change of 1,000 services fits a transaction).
 * Returns the `namespace/name` of the first service (in `writes` order) someone else changed
 * first, or null when every write went through; the caller then rolls back.
 */
export async function writeServiceIntents(
  tx: Prisma.TransactionClient,
  writes: readonly IntentWrite[],
): Promise<string | null> {
  if (!writes.length) return null;
  // undefined keeps the stored value, null clears it, a value replaces it.
  const rows = writes.map(({ intent, baseVersion }) => ({
    namespace: intent.namespace,
    name: intent.name,
    version: baseVersion,
    setWeights: intent.trafficWeights !== undefined,
    weights: intent.trafficWeights ?? null,
    setAccess: intent.access !== undefined,
    access: intent.access ?? null,
  }));
  const moved = await tx.$queryRaw<{ id: string; namespace: string; name: string }[]>`
    UPDATE "GlobalService" g SET version = g.version + 1, "updatedAt" = now(),
      "trafficWeights" = CASE WHEN x."setWeights" THEN NULLIF(x.weights, 'null') ELSE g."trafficWeights" END,
      access = CASE WHEN x."setAccess" THEN NULLIF(x.access, 'null') ELSE g.access END
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(namespace text, name text,
      version int, "setWeights" boolean, weights jsonb, "setAccess" boolean, access jsonb)
    WHERE g.namespace = x.namespace AND g.name = x.name AND g.version = x.version
    RETURNING g.id, g.namespace, g.name`;
  const ids = new Map(moved.map((r) => [keyOf(r), r.id]));
  const stale = writes.find((w) => !ids.has(keyOf(w.intent)));
  if (stale) return keyOf(stale.intent);
  const id = (w: IntentWrite) => ids.get(keyOf(w.intent))!;
  await writeMemberships(tx, Prisma.raw(`"ServiceExport"`), writes, id, (i) => i.exports);
  await writeMemberships(tx, Prisma.raw(`"ServiceImport"`), writes, id, (i) => i.imports);
  await writeFailover(tx, writes, id);
  return null;
}

/** Exactly the wanted clusters enabled per service: others disabled, missing rows created. */
async function writeMemberships(
  tx: Prisma.TransactionClient,
  table: Prisma.Sql,
  writes: readonly IntentWrite[],
  id: (w: IntentWrite) => string,
  clusters: (i: IntentDto) => readonly string[],
): Promise<void> {
  const services = JSON.stringify(writes.map(id));
  const wanted = JSON.stringify(
    writes.flatMap((w) => clusters(w.intent).map((c) => ({ id: randomUUID(), g: id(w), c }))),
  );
  await tx.$executeRaw`
    UPDATE ${table} t SET enabled = false, "updatedAt" = now()
    WHERE t.enabled
      AND t."globalServiceId" IN (SELECT jsonb_array_elements_text(${services}::jsonb))
      AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset(${wanted}::jsonb) AS w(g text, c text)
        WHERE w.g = t."globalServiceId" AND w.c = t."clusterName")`;
  // A cluster that starts exporting is younger than every one that stays: exports are read back
  // oldest first, and the plan put the new ones last (lib/domain/intent-change.ts). now() alone
  // is not enough: it is the transaction's start, and the column keeps milliseconds.
  await tx.$executeRaw`
    INSERT INTO ${table} AS t (id, "globalServiceId", "clusterName", enabled, "updatedAt")
    SELECT w.id, w.g, w.c, true, GREATEST(now()::timestamp, (SELECT max(k."updatedAt") +
      interval '1 millisecond' FROM ${table} k WHERE k."globalServiceId" = w.g AND k.enabled))
    FROM jsonb_to_recordset(${wanted}::jsonb) AS w(id text, g text, c text)
    ON CONFLICT ("globalServiceId", "clusterName") DO UPDATE SET enabled = true,
      "updatedAt" = EXCLUDED."updatedAt"
    WHERE NOT t.enabled`;
}

/** Failover on: every setting written. Off: only switched off (the settings are kept). */
async function writeFailover(
  tx: Prisma.TransactionClient,
  writes: readonly IntentWrite[],
  id: (w: IntentWrite) => string,
): Promise<void> {
  const on = writes.flatMap((w) => {
    const f = w.intent.failover;
    return f
      ? [
          {
            id: randomUUID(),
            g: id(w),
            tiers: f.tiers,
            c5: f.outlierDetection.consecutive5xxErrors,
            // As submitted: the plan compiled this very string into the desired resources.
            interval: f.outlierDetection.interval,
            ejection: f.outlierDetection.baseEjectionTime,
            maxEject: f.outlierDetection.maxEjectionPercent,
          },
        ]
      : [];
  });
  const off = writes.filter((w) => !w.intent.failover).map((w) => ({ id: randomUUID(), g: id(w) }));
  if (on.length)
    await tx.$executeRaw`
      INSERT INTO "FailoverPolicy" AS f (id, "globalServiceId", enabled, tiers, "consecutive5xx",
        "interval", "baseEjectionTime", "maxEjectionPercent", "updatedAt")
      SELECT x.id, x.g, true, x.tiers, x.c5, x."interval", x.ejection, x."maxEject", now()
      FROM jsonb_to_recordset(${JSON.stringify(on)}::jsonb) AS x(id text, g text, tiers jsonb,
        c5 int, "interval" text, ejection text, "maxEject" int)
      ON CONFLICT ("globalServiceId") DO UPDATE SET enabled = true, tiers = EXCLUDED.tiers,
        "consecutive5xx" = EXCLUDED."consecutive5xx", "interval" = EXCLUDED."interval",
        "baseEjectionTime" = EXCLUDED."baseEjectionTime",
        "maxEjectionPercent" = EXCLUDED."maxEjectionPercent", "updatedAt" = now()`;
  if (off.length)
    await tx.$executeRaw`
      INSERT INTO "FailoverPolicy" AS f (id, "globalServiceId", enabled, "updatedAt")
      SELECT x.id, x.g, false, now() FROM jsonb_to_recordset(${JSON.stringify(off)}::jsonb) AS x(id text, g text)
      ON CONFLICT ("globalServiceId") DO UPDATE SET enabled = false, "updatedAt" = now()`;
}
