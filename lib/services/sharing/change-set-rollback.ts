import "server-only";
import type { ChangeSetDto } from "@/lib/model/intent";
import { conflict, DomainError, notFound } from "@/lib/domain/errors";
import { planRollback } from "@/lib/domain/intent-rollback";
import { applyChanges, type ApplyOptions } from "@/lib/services/sharing/change-sets";
import { changeSetsTouching, getChangeSet, intentOfChangeSet } from "@/lib/store/change-sets";
import { loadIntent } from "@/lib/store/intent";

/**
 * Apply the inverse of a change set: each service back to its intent before it. Allowed while
 * every service still holds what the change set produced (a later change that was itself rolled
 * back does not count). Otherwise a 409 `rollback_stale` whose details name the change sets in
 * between and carry `restore`, the changes that plan a rollback to the state before it.
 */
export async function rollbackChangeSet(
  idOrNumber: string,
  options: Omit<ApplyOptions, "rollbackOfId" | "title">,
): Promise<ChangeSetDto> {
  const target = await getChangeSet(idOrNumber);
  if (!target) throw notFound("Change set");
  if (target.status === "rolled-back")
    throw conflict(`Change set #${target.number} is rolled back`, "already_rolled_back");
  const { before, after } = await intentOfChangeSet(target.id);
  if (before.hostnameSuffix)
    throw new DomainError(
      "conflict",
      "not_invertible",
      `Change set #${target.number} renamed the global hosts: set the hostname suffix back to "${before.hostnameSuffix}" in Settings → Global names instead`,
    );
  if (!before.services?.length)
    throw conflict("This change set changed no intent", "nothing_to_roll_back");
  const { changes, moved } = planRollback(
    before.services,
    after.services ?? [],
    await loadIntent(),
  );
  if (moved.length) {
    const between = await changeSetsTouching(target.number, moved);
    const by = between.length ? ` by ${between.map((c) => `#${c.number}`).join(", ")}` : "";
    throw new DomainError(
      "conflict",
      "rollback_stale",
      `${moved.join(", ")} changed since #${target.number}${by}, so rolling it back would undo those changes too. Plan a rollback to the state before #${target.number} as a new change instead.`,
      { target: target.number, services: moved, changeSets: between, restore: changes },
    );
  }
  return applyChanges(changes, {
    ...options,
    title: `Rollback of #${target.number}: ${target.title}`,
    rollbackOfId: target.id,
  });
}
