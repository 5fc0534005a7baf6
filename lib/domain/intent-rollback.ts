import type { IntentChange, IntentDto } from "@/lib/model/intent";
import { byName, inverseChanges, keyOf } from "@/lib/domain/intent-change";

// A rollback restores each service's intent from before a change set. It is safe when every
// service still holds exactly what that change set produced — whatever its version number says
// (a later change and its own rollback bump the version twice and leave the content as it was).

/** A value with its object keys sorted, so two equal intents serialize the same. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => byName(a, b))
        .map(([k, v]) => [k, canonical(v)]),
    );
  return value;
}

/** The part of an intent that decides what runs: who exports, imports, failover, weights, access. */
function content(s: IntentDto): string {
  return JSON.stringify(
    canonical({
      exports: [...s.exports].sort(byName),
      imports: [...s.imports].sort(byName),
      failover: s.failover ?? null,
      trafficWeights: s.trafficWeights ?? null,
      access: s.access ? [...s.access].sort(byName) : null,
    }),
  );
}

/** Whether two intents of a service would compile to the same resources. */
export function sameIntentContent(a: IntentDto, b: IntentDto): boolean {
  return content(a) === content(b);
}

/** What rolling back needs: the changes (at today's versions) and the services that moved on. */
export type RollbackPlan = {
  /** Each service back to its intent before, based on the version it has now. */
  changes: IntentChange[];
  /** `namespace/name` of services whose intent now differs from what the change set produced. */
  moved: string[];
};

/**
 * The rollback of a change set that found `before` and produced `produced`, against the
 * `current` intent. A service that no longer exists or whose content moved on is listed in
 * `moved`; the changes still restore `before` at the current versions (a new plan may use them).
 */
export function planRollback(
  before: readonly IntentDto[],
  produced: readonly IntentDto[],
  current: readonly IntentDto[],
): RollbackPlan {
  const now = new Map(current.map((s) => [keyOf(s), s]));
  const made = new Map(produced.map((s) => [keyOf(s), s]));
  const moved = before.map(keyOf).filter((key) => {
    const n = now.get(key);
    const m = made.get(key);
    return !n || !m || !sameIntentContent(n, m);
  });
  const changes = inverseChanges(before).map((c) => ({
    ...c,
    version: now.get(keyOf(c))?.version ?? c.version,
  }));
  return { changes, moved };
}
