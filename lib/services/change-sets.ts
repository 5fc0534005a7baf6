import "server-only";
import { randomUUID } from "node:crypto";
import type { DesiredResource } from "@/lib/agent-protocol/messages";
import type { ChangeSetDto, IntentChange, IntentDto, PlanDto } from "@/lib/model/intent";
import { ApiError, notFound } from "@/lib/api/errors";
import { recordAudit, type Actor } from "@/lib/store/audit";
import { db, readTogether, type Prisma, type Tx } from "@/lib/store/client";
import { announceDesiredChange, writeDesiredStates } from "@/lib/store/desired-state";
import { loadIntent, loadInventory } from "@/lib/store/intent";
import { writeServiceIntents } from "@/lib/store/intent-write";
import {
  affectedClusters,
  applyIntentChanges,
  IntentChangeError,
  inverseChanges,
  keyOf,
  planIntent,
  type CompiledPlan,
} from "@/lib/domain/intent-change";

/** Who last changed a global service (from the audit trail), for a 409 that says so. */
async function lastChange(tx: Tx, key: string): Promise<string> {
  const rows = await tx.$queryRaw<{ actorLabel: string; targetId: string; at: Date }[]>`
    SELECT "actorLabel", "targetId", at FROM "AuditEvent"
    WHERE "targetType" = 'changeset' AND data->'services' @> ${JSON.stringify([key])}::jsonb
    ORDER BY id DESC LIMIT 1`;
  const row = rows[0];
  return row
    ? ` — last changed by ${row.actorLabel || "someone"} in change set #${row.targetId} at ${row.at.toISOString()}`
    : "";
}

async function asApiError(error: unknown): Promise<never> {
  if (error instanceof IntentChangeError) {
    const who = error.status === 409 && error.service ? await lastChange(db(), error.service) : "";
    throw new ApiError(error.status, error.code, `${error.message}${who}`);
  }
  throw error;
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

/** Before, after and the compiled plan of `changes` against the current intent (no writes). */
async function compileChanges(tx: Tx, changes: readonly IntentChange[]) {
  const [intent, fleet] = await readTogether(
    tx,
    () => loadIntent(tx),
    () => loadInventory(tx),
  );
  const after = applyIntentChanges(intent, changes, fleet);
  const changed = new Set(changes.map(keyOf));
  const current = await storedDesired(tx, affectedClusters(intent, after, changed));
  return { intent, after, changed, compiled: planIntent(intent, after, changed, fleet, current) };
}

/** What `changes` would do, per cluster, without changing anything. */
export async function planChanges(changes: IntentChange[]): Promise<PlanDto> {
  try {
    return (await compileChanges(db(), changes)).compiled.plan;
  } catch (error) {
    return asApiError(error);
  }
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

/** Who applies, for the change set and the audit trail. */
export type ApplyOptions = {
  actor: Actor;
  userId?: string;
  title?: string;
  rollbackOfId?: string;
  /** Apply although the plan has error-severity warnings (rollbacks always may). */
  acceptErrors?: boolean;
};

/** What one change set records, inside the caller's transaction. */
export type ChangeSetRecord = {
  compiled: CompiledPlan;
  title: string;
  intentBefore: Prisma.InputJsonValue;
  intentAfter: Prisma.InputJsonValue;
  services: string[];
  action: string;
};

/**
 * Write the new desired generation of every cluster the plan touches, the change set with one
 * row per cluster, and the audit event — inside `tx`. Call {@link announce} after commit.
 */
export async function recordChangeSet(
  tx: Prisma.TransactionClient,
  record: ChangeSetRecord,
  options: ApplyOptions,
): Promise<{ row: Row; clusters: string[] }> {
  const desired = Object.entries(record.compiled.desired);
  const written = await writeDesiredStates(
    tx,
    desired.map(([clusterName, resources]) => ({ clusterName, resources })),
  );
  const generations = desired.map(([clusterName]) => ({
    clusterName,
    generation: written.get(clusterName)!.generation,
  }));
  // Plain SQL with the JSON as text: Prisma's query compiler walks a JSON value value by
  // value, and a fleet-wide change set (1,000 services before and after, a 0.6 MB plan) took
  // it over two seconds.
  const id = randomUUID();
  await tx.$executeRaw`
    INSERT INTO "ChangeSet" (id, title, status, "intentBefore", "intentAfter", plan, "createdById", "rollbackOfId")
    VALUES (${id}, ${record.title},
      ${generations.length ? "pending" : "applied"}::"ChangeSetStatus",
      ${JSON.stringify(record.intentBefore)}::jsonb, ${JSON.stringify(record.intentAfter)}::jsonb,
      ${JSON.stringify(record.compiled.plan)}::jsonb, ${options.userId ?? null},
      ${options.rollbackOfId ?? null})`;
  if (generations.length)
    await tx.$executeRaw`
      INSERT INTO "ChangeSetCluster" ("changeSetId", "clusterName", generation, "updatedAt")
      SELECT ${id}, x."clusterName", x.generation, now()
      FROM jsonb_to_recordset(${JSON.stringify(generations)}::jsonb) AS x("clusterName" text, generation int)`;
  const row = await tx.changeSet.findUniqueOrThrow({ where: { id }, include: INCLUDE });
  if (options.rollbackOfId)
    await tx.changeSet.update({
      where: { id: options.rollbackOfId },
      data: { status: "rolled_back" },
    });
  const acceptedErrors = planErrors(record.compiled.plan).map((w) => w.code);
  await recordAudit(tx, options.actor, record.action, "changeset", String(row.number), {
    services: record.services,
    clusters: generations.map((g) => g.clusterName),
    ...(options.acceptErrors && acceptedErrors.length ? { acceptedErrors } : {}),
  });
  return { row, clusters: generations.map((g) => g.clusterName) };
}

/** Wake the agents of the clusters a committed change set touched; answer its DTO. */
export function announce(result: { row: Row; clusters: string[] }): ChangeSetDto {
  for (const c of result.clusters) announceDesiredChange(c);
  return toDto(result.row);
}

/** The plan's warnings that say traffic would fail (trust roots or meshes that cannot talk). */
const planErrors = (plan: PlanDto) => plan.warnings.filter((w) => w.severity === "error");

/** 422 when the plan has errors. */
function refuseErrors(plan: PlanDto): void {
  const errors = planErrors(plan);
  if (!errors.length) return;
  const shown = errors.slice(0, 3).map((w) => w.message);
  const more = errors.length > shown.length ? ` (and ${errors.length - shown.length} more)` : "";
  throw new IntentChangeError(
    422,
    "plan_has_errors",
    `This change would break traffic, so it was not applied: ${shown.join("; ")}${more}. Change the exports or imports named here and plan again, or apply with acceptErrors: true.`,
  );
}

/**
 * Apply `changes` in one transaction: the intent (each service still at the version the editor
 * read, else 409 naming who changed it), the new desired generation of every affected cluster,
 * a change set and an audit event. Agents are woken after commit.
 */
export async function applyChanges(
  changes: IntentChange[],
  options: ApplyOptions,
): Promise<ChangeSetDto> {
  const result = await db()
    .$transaction(async (tx) => {
      const { intent, after, changed, compiled } = await compileChanges(tx, changes);
      // The plan screen refuses these too. A rollback restores what was running, so it may.
      if (!options.rollbackOfId && !options.acceptErrors) refuseErrors(compiled.plan);
      const byKey = new Map(after.map((s) => [keyOf(s), s]));
      // The guarded update also catches a writer that committed after our read.
      const stale = await writeServiceIntents(
        tx,
        changes.map((c) => ({ intent: byKey.get(keyOf(c))!, baseVersion: c.version })),
      );
      if (stale)
        throw new IntentChangeError(
          409,
          "stale_version",
          `${stale} was changed by someone else while this plan was applied: plan again`,
          stale,
        );
      const keys = [...changed];
      const pick = (list: readonly IntentDto[]) =>
        list.filter((s) => changed.has(keyOf(s))) as unknown as Prisma.InputJsonValue[];
      return recordChangeSet(
        tx,
        {
          compiled,
          title:
            options.title ??
            `${keys.length === 1 ? keys[0] : `${keys.length} global services`}: sharing and failover`,
          intentBefore: { services: pick(intent) },
          intentAfter: { services: pick(after) },
          services: keys,
          action: options.rollbackOfId ? "changeset.rollback" : "changeset.apply",
        },
        options,
      );
    })
    .catch(asApiError);
  return announce(result);
}

/** The change-set history, newest first. */
export async function listChangeSets(limit = 100): Promise<ChangeSetDto[]> {
  const rows = await db().changeSet.findMany({
    include: INCLUDE,
    orderBy: { number: "desc" },
    take: limit,
  });
  return rows.map(toDto);
}

/** One change set by id or number, or null. */
export async function getChangeSet(idOrNumber: string): Promise<ChangeSetDto | null> {
  const where = /^\d{1,9}$/.test(idOrNumber) ? { number: Number(idOrNumber) } : { id: idOrNumber };
  const row = await db().changeSet.findUnique({ where, include: INCLUDE });
  return row ? toDto(row) : null;
}

/** Apply the inverse of a change set: each service back to its intent before it (409 if moved). */
export async function rollbackChangeSet(
  idOrNumber: string,
  options: Omit<ApplyOptions, "rollbackOfId" | "title">,
): Promise<ChangeSetDto> {
  const target = await getChangeSet(idOrNumber);
  if (!target) throw notFound("Change set");
  if (target.status === "rolled-back")
    throw new ApiError(409, "already_rolled_back", `Change set #${target.number} is rolled back`);
  const row = await db().changeSet.findUniqueOrThrow({ where: { id: target.id } });
  const before = row.intentBefore as { services?: IntentDto[]; hostnameSuffix?: string };
  if (before.hostnameSuffix)
    throw new ApiError(
      409,
      "not_invertible",
      `Change set #${target.number} renamed the global hosts: set the hostname suffix back to "${before.hostnameSuffix}" in Settings → Global names instead`,
    );
  if (!before.services?.length)
    throw new ApiError(409, "nothing_to_roll_back", "This change set changed no intent");
  return applyChanges(inverseChanges(before.services), {
    ...options,
    title: `Rollback of #${target.number}: ${target.title}`,
    rollbackOfId: target.id,
  });
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
  for (const id of ids) {
    await db().$transaction([
      db().$queryRaw`SELECT 1 FROM "ChangeSet" WHERE id = ${id} FOR UPDATE`,
      db().$executeRaw`
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
