import "server-only";
import type { Actor } from "@/lib/model/actor";
import type { ChangeSetDto, IntentChange, IntentDto, PlanDto } from "@/lib/model/intent";
import {
  affectedClusters,
  applyIntentChanges,
  IntentChangeError,
  keyOf,
  planIntent,
  type CompiledPlan,
} from "@/lib/domain/intent-change";
import { recordAudit } from "@/lib/store/audit";
import {
  insertChangeSet,
  intentOfChangeSet,
  lastChangeOf,
  storedDesired,
} from "@/lib/store/change-sets";
import { intentChangesInWords } from "@/lib/domain/intent-in-words";
import { announceDesiredChange, writeDesiredStates } from "@/lib/store/desired-state";
import { loadIntent, loadInventory } from "@/lib/store/intent";
import { writeServiceIntents } from "@/lib/store/intent-write";
import { pool, readTogether, transaction, type Json, type Tx } from "@/lib/store/transaction";
import { currentRemoteImports } from "@/lib/services/federation/imports";
import { federationChanged } from "@/lib/services/federation/runtime";

/** What change set `id` did to the intent, one line per change (none for a hostname change). */
export async function changeSetInWords(id: string): Promise<string[]> {
  const { before, after } = await intentOfChangeSet(id);
  return intentChangesInWords(before.services ?? [], after.services ?? []);
}

/** A 409 on a global service says who changed it last, in which change set and when. */
async function withLastChange(error: unknown): Promise<never> {
  if (error instanceof IntentChangeError && error.kind === "conflict" && error.service) {
    const last = await lastChangeOf(error.service);
    if (last)
      throw new IntentChangeError(
        error.kind,
        error.code,
        `${error.message} — last changed by ${last.actorLabel || "someone"} in change set #${last.changeSet}`,
        error.service,
        // The time as data: the UI shows it in the reader's locale and time zone.
        {
          lastChange: {
            changeSet: Number(last.changeSet),
            by: last.actorLabel || null,
            at: last.at.toISOString(),
          },
        },
      );
  }
  throw error;
}

/** Before, after and the compiled plan of `changes` against the current intent (no writes). */
async function compileChanges(tx: Tx, changes: readonly IntentChange[]) {
  const [intent, fleet, remoteNow] = await readTogether(
    tx,
    () => loadIntent(tx),
    () => loadInventory(tx),
    () => currentRemoteImports(tx),
  );
  const after = applyIntentChanges(intent, changes, fleet);
  const changed = new Set(changes.map(keyOf));
  // Remote imports are unchanged here, but compiled too: they share the clusters' desired sets.
  const remote = { before: remoteNow, after: remoteNow };
  const current = await storedDesired(tx, affectedClusters(intent, after, changed));
  return {
    intent,
    after,
    changed,
    compiled: planIntent(intent, after, changed, fleet, current, remote),
  };
}

/** What `changes` would do, per cluster, without changing anything. */
export async function planChanges(changes: IntentChange[]): Promise<PlanDto> {
  try {
    return (await compileChanges(pool(), changes)).compiled.plan;
  } catch (error) {
    return withLastChange(error);
  }
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
  intentBefore: Json;
  intentAfter: Json;
  services: string[];
  action: string;
};

/** A change set written but not yet announced: announce it after the commit. */
export type RecordedChangeSet = { changeSet: ChangeSetDto; clusters: string[] };

/**
 * Write the new desired generation of every cluster the plan touches, the change set with one
 * row per cluster, and the audit event — inside `tx`. Call {@link announce} after commit.
 */
export async function recordChangeSet(
  tx: Tx,
  record: ChangeSetRecord,
  options: ApplyOptions,
): Promise<RecordedChangeSet> {
  const desired = Object.entries(record.compiled.desired);
  const written = await writeDesiredStates(
    tx,
    desired.map(([clusterName, resources]) => ({ clusterName, resources })),
  );
  const generations = desired.map(([clusterName]) => ({
    clusterName,
    generation: written.get(clusterName)!.generation,
  }));
  const changeSet = await insertChangeSet(tx, {
    title: record.title,
    plan: record.compiled.plan,
    intentBefore: record.intentBefore,
    intentAfter: record.intentAfter,
    generations,
    createdById: options.userId ?? null,
    rollbackOfId: options.rollbackOfId ?? null,
  });
  const acceptedErrors = planErrors(record.compiled.plan).map((w) => w.code);
  await recordAudit(tx, options.actor, record.action, "changeset", String(changeSet.number), {
    services: record.services,
    clusters: generations.map((g) => g.clusterName),
    ...(options.acceptErrors && acceptedErrors.length ? { acceptedErrors } : {}),
  });
  return { changeSet, clusters: generations.map((g) => g.clusterName) };
}

/** Wake the agents of the clusters a committed change set touched; answer the change set. */
export function announce(result: RecordedChangeSet): ChangeSetDto {
  for (const c of result.clusters) announceDesiredChange(c);
  // Exports and hostnames are what peers are sent: let the Hamlet streams compare.
  void federationChanged("publicationChanged");
  return result.changeSet;
}

/** The plan's warnings that say traffic would fail (trust roots or meshes that cannot talk). */
const planErrors = (plan: PlanDto) => plan.warnings.filter((w) => w.severity === "error");

/** Refuse (unprocessable) a plan with errors. */
function refuseErrors(plan: PlanDto): void {
  const errors = planErrors(plan);
  if (!errors.length) return;
  const shown = errors.slice(0, 3).map((w) => w.message);
  const more = errors.length > shown.length ? ` (and ${errors.length - shown.length} more)` : "";
  throw new IntentChangeError(
    "unprocessable",
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
  const result = await transaction(async (tx) => {
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
        "conflict",
        "stale_version",
        `${stale} was changed by someone else while this plan was applied: plan again`,
        stale,
      );
    const keys = [...changed];
    const pick = (list: readonly IntentDto[]) =>
      list.filter((s) => changed.has(keyOf(s))) as unknown as Json[];
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
  }).catch(withLastChange);
  return announce(result);
}
