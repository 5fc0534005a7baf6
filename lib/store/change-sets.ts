import "server-only";
import { randomUUID } from "node:crypto";
import type { DesiredResource } from "@/lib/agent-protocol/messages";
import type { ChangeSetDto, IntentDto, PlanDto } from "@/lib/model/intent";
import { keyOf } from "@/lib/domain/intent-change";
import { db as client, type Prisma } from "@/lib/store/client";
import { pool, type Json, type Tx } from "@/lib/store/transaction";
import { readColumn, resultsColumn } from "@/lib/store/json-columns";

/** Who last changed a global service (from the audit trail), or null when nobody did. */
export async function lastChangeOf(
  key: string,
  tx: Tx = pool(),
): Promise<{ actorLabel: string; changeSet: string; at: Date } | null> {
  const rows = await tx.$queryRaw<{ actorLabel: string; targetId: string; at: Date }[]>`
    SELECT "actorLabel", "targetId", at FROM "AuditEvent"
    WHERE "targetType" = 'changeset' AND data->'services' @> ${JSON.stringify([key])}::jsonb
    ORDER BY id DESC LIMIT 1`;
  const row = rows[0];
  return row ? { actorLabel: row.actorLabel, changeSet: row.targetId, at: row.at } : null;
}

/** The stored desired sets of some clusters (what their agents are told today). */
export async function storedDesired(
  tx: Tx,
  clusters: Iterable<string>,
): Promise<Record<string, DesiredResource[]>> {
  // Plain SQL: a fleet-wide plan reads every cluster's set (~5 MB of JSON at 500 clusters),
  // which Prisma's result mapping reads at about half the speed.
  const rows = await tx.$queryRaw<{ clusterName: string; resources: DesiredResource[] }[]>`
    SELECT "clusterName", resources FROM "DesiredState"
    WHERE "clusterName" IN (SELECT jsonb_array_elements_text(${JSON.stringify([...clusters])}::jsonb))`;
  return Object.fromEntries(rows.map((r) => [r.clusterName, r.resources]));
}

const INCLUDE = {
  clusters: { orderBy: { clusterName: "asc" } },
  createdBy: { select: { email: true } },
  rollbackOf: { select: { number: true } },
} satisfies Prisma.ChangeSetInclude;
type Row = Prisma.ChangeSetGetPayload<{ include: typeof INCLUDE }>;

// Plans stored before `mesh` and `resources` were part of the contract get neutral values.
function storedPlan(value: unknown): PlanDto | null {
  const p = value as Partial<PlanDto> | null;
  if (!p || !Array.isArray(p.clusters)) return null;
  return {
    warnings: p.warnings ?? [],
    clusters: p.clusters.map((c) => ({
      ...c,
      mesh: c.mesh ?? "none",
      resources: c.resources ?? { create: [], change: [], delete: [] },
    })),
  };
}

function toDto(c: Row): ChangeSetDto {
  const after = c.intentAfter as {
    services?: IntentDto[];
    renamed?: string[];
    hostnameSuffix?: string;
  };
  return {
    id: c.id,
    number: c.number,
    title: c.title,
    status: c.status === "rolled_back" ? "rolled-back" : c.status,
    createdAt: c.createdAt.toISOString(),
    createdBy: c.createdBy?.email ?? null,
    rollbackOf: c.rollbackOf?.number ?? null,
    kind: after.hostnameSuffix ? "hostnames" : "intent",
    services: after.services?.map(keyOf) ?? after.renamed ?? [],
    clusters: c.clusters.map((m) => ({
      cluster: m.clusterName,
      status: m.status,
      generation: m.generation,
      message: m.message,
      updatedAt: m.updatedAt.toISOString(),
    })),
    plan: storedPlan(c.plan),
  };
}

/** A change set to insert: its plan, the intent before and after, and each cluster's generation. */
export type ChangeSetInsert = {
  title: string;
  plan: PlanDto;
  intentBefore: Json;
  intentAfter: Json;
  generations: { clusterName: string; generation: number }[];
  createdById: string | null;
  rollbackOfId: string | null;
};

/**
 * Insert a change set with one row per cluster (pending, or applied when it touches none), and
 * mark the change set it rolls back as rolled back. Returns it as stored.
 */
export async function insertChangeSet(tx: Tx, c: ChangeSetInsert): Promise<ChangeSetDto> {
  // Plain SQL with the JSON as text: Prisma's query compiler walks a JSON value value by
  // value, and a fleet-wide change set (1,000 services before and after, a 0.6 MB plan) took
  // it over two seconds.
  const id = randomUUID();
  await tx.$executeRaw`
    INSERT INTO "ChangeSet" (id, title, status, "intentBefore", "intentAfter", plan, "createdById", "rollbackOfId")
    VALUES (${id}, ${c.title},
      ${c.generations.length ? "pending" : "applied"}::"ChangeSetStatus",
      ${JSON.stringify(c.intentBefore)}::jsonb, ${JSON.stringify(c.intentAfter)}::jsonb,
      ${JSON.stringify(c.plan)}::jsonb, ${c.createdById}, ${c.rollbackOfId})`;
  if (c.generations.length)
    await tx.$executeRaw`
      INSERT INTO "ChangeSetCluster" ("changeSetId", "clusterName", generation, "updatedAt")
      SELECT ${id}, x."clusterName", x.generation, now()
      FROM jsonb_to_recordset(${JSON.stringify(c.generations)}::jsonb) AS x("clusterName" text, generation int)`;
  const row = await tx.changeSet.findUniqueOrThrow({ where: { id }, include: INCLUDE });
  if (c.rollbackOfId)
    await tx.changeSet.update({ where: { id: c.rollbackOfId }, data: { status: "rolled_back" } });
  return toDto(row);
}

/** The change-set history, newest first: `limit` of them, older than `beforeNumber` if given. */
export async function listChangeSets(
  limit = 100,
  beforeNumber?: number,
  tx: Tx = pool(),
): Promise<ChangeSetDto[]> {
  const rows = await tx.changeSet.findMany({
    include: INCLUDE,
    where: beforeNumber === undefined ? {} : { number: { lt: beforeNumber } },
    orderBy: { number: "desc" },
    take: limit,
  });
  return rows.map(toDto);
}

/** One change set by id or number, or null. */
export async function getChangeSet(
  idOrNumber: string,
  tx: Tx = pool(),
): Promise<ChangeSetDto | null> {
  const where = /^\d{1,9}$/.test(idOrNumber) ? { number: Number(idOrNumber) } : { id: idOrNumber };
  const row = await tx.changeSet.findUnique({ where, include: INCLUDE });
  return row ? withExportConditions(toDto(row), tx) : null;
}

/** Adds each cluster's ServiceExport conditions for the change set's services (MCS API). */
async function withExportConditions(dto: ChangeSetDto, tx: Tx): Promise<ChangeSetDto> {
  if (!dto.clusters.length || !dto.services.length) return dto;
  const services = new Set(dto.services);
  const observed = await tx.observedState.findMany({
    where: { clusterName: { in: dto.clusters.map((c) => c.cluster) } },
    select: { clusterName: true, results: true },
  });
  const byCluster = new Map(
    observed.map((o) => [
      o.clusterName,
      readColumn(resultsColumn, o.results, "ObservedState.results", []).flatMap((r) =>
        r.kind === "ServiceExport" &&
        r.conditions?.length &&
        services.has(`${r.namespace}/${r.name}`)
          ? [{ service: `${r.namespace}/${r.name}`, conditions: r.conditions }]
          : [],
      ),
    ]),
  );
  return {
    ...dto,
    clusters: dto.clusters.map((c) => {
      const exportConditions = byCluster.get(c.cluster);
      return exportConditions?.length ? { ...c, exportConditions } : c;
    }),
  };
}

/** What a change set found before it ran (per-service intent, or the hostname suffix) and made. */
export async function intentOfChangeSet(
  id: string,
  tx: Tx = pool(),
): Promise<{
  before: { services?: IntentDto[]; hostnameSuffix?: string };
  after: { services?: IntentDto[] };
}> {
  const row = await tx.changeSet.findUniqueOrThrow({
    where: { id },
    select: { intentBefore: true, intentAfter: true },
  });
  return {
    before: row.intentBefore as { services?: IntentDto[]; hostnameSuffix?: string },
    after: row.intentAfter as { services?: IntentDto[] },
  };
}

/** Change sets after `number` that changed any of the `services` (namespace/name), oldest first. */
export async function changeSetsTouching(
  number: number,
  services: readonly string[],
  tx: Tx = pool(),
): Promise<{ number: number; title: string; createdAt: string }[]> {
  const rows = await tx.$queryRaw<{ number: number; title: string; createdAt: Date }[]>`
    SELECT c.number, c.title, c."createdAt" FROM "ChangeSet" c
    WHERE c.number > ${number} AND EXISTS (
      SELECT 1 FROM jsonb_array_elements(COALESCE(c."intentAfter"->'services', '[]'::jsonb)) s
      WHERE (s->>'namespace') || '/' || (s->>'name') IN
        (SELECT jsonb_array_elements_text(${JSON.stringify(services)}::jsonb)))
    ORDER BY c.number ASC LIMIT 20`;
  return rows.map((r) => ({
    number: r.number,
    title: r.title,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * Roll each change set's status up from its clusters: applied, failed, partial or pending.
 * Acknowledgements of one change set arrive concurrently, each followed by its roll-up; a
 * roll-up that read the clusters before another's acknowledgement committed must not overwrite
 * the one that read after it. So each takes the change set's row lock first and only then
 * reads its clusters (a fresh snapshot per statement): the last to take the lock sees every
 * acknowledgement committed before it.
 */
export async function rollUpChangeSets(ids: readonly string[]): Promise<void> {
  const db = client();
  for (const id of ids) {
    await db.$transaction([
      db.$queryRaw`SELECT 1 FROM "ChangeSet" WHERE id = ${id} FOR UPDATE`,
      db.$executeRaw`
        UPDATE "ChangeSet" s SET status = (CASE
          WHEN r.pending > 0 AND r.failed > 0 THEN 'partial'
          WHEN r.pending > 0 THEN 'pending'
          WHEN r.failed = 0 THEN 'applied'
          WHEN r.failed = r.total THEN 'failed'
          ELSE 'partial' END)::"ChangeSetStatus"
        FROM (SELECT count(*) FILTER (WHERE status = 'pending') AS pending,
                count(*) FILTER (WHERE status = 'failed') AS failed, count(*) AS total
              FROM "ChangeSetCluster" WHERE "changeSetId" = ${id}) r
        WHERE s.id = ${id} AND s.status <> 'rolled-back'`,
    ]);
  }
}

/** How many change sets hold each status (statuses with none are left out). */
export async function countChangeSetsByStatus(): Promise<Record<string, number>> {
  const rows = await client().$queryRaw<{ status: string; n: number }[]>`
    SELECT status::text AS status, count(*)::int AS n FROM "ChangeSet" GROUP BY status`;
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/**
 * The newest change sets that wrote into `cluster` (at most `limit`), newest first, each with the
 * resource ids its plan created and changed there: which one last wrote each object.
 */
export async function changeSetWritesInto(
  cluster: string,
  limit = 200,
  tx: Tx = pool(),
): Promise<{ number: number; title: string; create: string[]; change: string[] }[]> {
  return tx.$queryRaw`
    SELECT s.number, s.title,
      COALESCE(p->'resources'->'create', '[]'::jsonb) AS "create",
      COALESCE(p->'resources'->'change', '[]'::jsonb) AS "change"
    FROM "ChangeSet" s
    JOIN "ChangeSetCluster" c ON c."changeSetId" = s.id AND c."clusterName" = ${cluster}
    CROSS JOIN LATERAL jsonb_array_elements(COALESCE(s.plan->'clusters', '[]'::jsonb)) p
    WHERE p->>'cluster' = ${cluster}
    ORDER BY s.number DESC
    LIMIT ${limit}`;
}
