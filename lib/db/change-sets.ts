import "server-only";
import type { ChangeSetDto, IntentChange, IntentDto, PlanDto } from "@/lib/api/intent-schemas";
import { ApiError, notFound } from "@/lib/api/errors";
import { recordAudit, type Actor } from "@/lib/db/audit";
import { db, type Prisma } from "@/lib/db/client";
import { announceDesiredChange, writeDesiredState } from "@/lib/db/desired-state";
import { loadIntent, loadInventory, writeServiceIntent } from "@/lib/db/intent-store";
import { applyIntentChanges, IntentChangeError, planIntent } from "@/lib/domain/intent-change";

const keyOf = (s: { namespace: string; name: string }) => `${s.namespace}/${s.name}`;

function asApiError(error: unknown): never {
  if (error instanceof IntentChangeError)
    throw new ApiError(error.status, error.code, error.message);
  throw error;
}

/** What `changes` would do, per cluster, without changing anything. */
export async function planChanges(changes: IntentChange[]): Promise<PlanDto> {
  const [intent, fleet] = await Promise.all([loadIntent(), loadInventory()]);
  try {
    return planIntent(intent, applyIntentChanges(intent, changes, fleet), fleet).plan;
  } catch (error) {
    asApiError(error);
  }
}

const INCLUDE = {
  clusters: { orderBy: { clusterName: "asc" } },
  createdBy: { select: { email: true } },
  rollbackOf: { select: { number: true } },
} satisfies Prisma.ChangeSetInclude;
type Row = Prisma.ChangeSetGetPayload<{ include: typeof INCLUDE }>;

function toDto(c: Row): ChangeSetDto {
  return {
    id: c.id,
    number: c.number,
    title: c.title,
    status: c.status === "rolled_back" ? "rolled-back" : c.status,
    createdAt: c.createdAt.toISOString(),
    createdBy: c.createdBy?.email ?? null,
    rollbackOf: c.rollbackOf?.number ?? null,
    clusters: c.clusters.map((m) => ({
      cluster: m.clusterName,
      status: m.status,
      generation: m.generation,
      message: m.message,
      updatedAt: m.updatedAt.toISOString(),
    })),
    plan: (c.plan as PlanDto | null) ?? null,
  };
}

type ApplyOptions = { actor: Actor; userId?: string; title?: string; rollbackOfId?: string };

/**
 * Apply `changes` in one transaction: the intent (each service still at the version the editor
 * read, else 409), the new desired generation of every affected cluster, a change set and an
 * audit event. Agents are woken after commit.
 */
export async function applyChanges(
  changes: IntentChange[],
  options: ApplyOptions,
): Promise<ChangeSetDto> {
  const { row, clusters } = await db()
    .$transaction(async (tx) => {
      const [intent, fleet] = await Promise.all([loadIntent(tx), loadInventory(tx)]);
      const after = applyIntentChanges(intent, changes, fleet);
      const { plan, desired } = planIntent(intent, after, fleet);
      const byKey = new Map(after.map((s) => [keyOf(s), s]));
      const before = new Map(intent.map((s) => [keyOf(s), s]));
      for (const change of changes) {
        const next = byKey.get(keyOf(change))!;
        if (!(await writeServiceIntent(tx, next, change.version)))
          throw new IntentChangeError(
            409,
            "stale_version",
            `${keyOf(change)} was changed by someone else while this plan was applied: plan again`,
          );
      }
      const generations: { clusterName: string; generation: number }[] = [];
      for (const [clusterName, resources] of Object.entries(desired)) {
        const written = await writeDesiredState(tx, clusterName, resources);
        generations.push({ clusterName, generation: written.generation });
      }
      const changed = changes.map((c) => keyOf(c));
      const pick = (m: Map<string, IntentDto>) =>
        changed.map((k) => m.get(k)).filter(Boolean) as Prisma.InputJsonValue[];
      const created = await tx.changeSet.create({
        data: {
          title:
            options.title ??
            `${changed.length === 1 ? changed[0] : `${changed.length} global services`}: sharing and failover`,
          status: generations.length ? "pending" : "applied",
          intentBefore: { services: pick(before) },
          intentAfter: { services: pick(byKey) },
          plan: plan as unknown as Prisma.InputJsonValue,
          createdById: options.userId ?? null,
          rollbackOfId: options.rollbackOfId ?? null,
          clusters: { create: generations },
        },
        include: INCLUDE,
      });
      if (options.rollbackOfId)
        await tx.changeSet.update({
          where: { id: options.rollbackOfId },
          data: { status: "rolled_back" },
        });
      await recordAudit(
        tx,
        options.actor,
        options.rollbackOfId ? "changeset.rollback" : "changeset.apply",
        "changeset",
        String(created.number),
        { services: changed, clusters: generations.map((g) => g.clusterName) },
      );
      return { row: created, clusters: generations.map((g) => g.clusterName) };
    })
    .catch(asApiError);
  for (const c of clusters) announceDesiredChange(c);
  return toDto(row);
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
  const row = await db().changeSet.findUniqueOrThrow({ where: { id: target.id } });
  const before = (row.intentBefore as { services?: IntentDto[] }).services ?? [];
  const after = (row.intentAfter as { services?: IntentDto[] }).services ?? [];
  if (!before.length)
    throw new ApiError(409, "nothing_to_roll_back", "This change set changed no intent");
  const afterVersion = new Map(after.map((s) => [keyOf(s), s.version + 1]));
  const changes: IntentChange[] = before.map((s) => ({
    namespace: s.namespace,
    name: s.name,
    // The version the service got when this change set was applied; anything newer is a 409.
    version: afterVersion.get(keyOf(s)) ?? s.version + 1,
    exports: s.exports,
    imports: s.imports,
    failover: s.failover,
    trafficWeights: s.trafficWeights,
    access: s.access,
  }));
  return applyChanges(changes, {
    ...options,
    title: `Rollback of #${target.number}: ${target.title}`,
    rollbackOfId: target.id,
  });
}

/** Roll each change set's status up from its clusters: applied, failed, partial or pending. */
export async function rollUpChangeSets(ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    const rows = await db().changeSetCluster.findMany({ where: { changeSetId: id } });
    const pending = rows.some((r) => r.status === "pending");
    const failed = rows.filter((r) => r.status === "failed").length;
    const status = pending
      ? failed
        ? "partial"
        : "pending"
      : failed === 0
        ? "applied"
        : failed === rows.length
          ? "failed"
          : "partial";
    await db().changeSet.updateMany({
      where: { id, status: { not: "rolled_back" } },
      data: { status },
    });
  }
}
