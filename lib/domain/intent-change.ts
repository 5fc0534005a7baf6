import type { IntentChange, IntentDto, PlanDto } from "@/lib/api/intent-schemas";
import type { DesiredResource } from "@/lib/agent-protocol/messages";
import {
  compileFleet,
  diffPlans,
  validateIntent,
  type FleetIntent,
  type FleetInventory,
  type GlobalServiceIntent,
} from "@/lib/meshes";
import { resourceYaml } from "@/lib/meshes/plan-diff";

/** Why a change cannot be planned: the API answers 404, 409 or 422 with this message. */
export class IntentChangeError extends Error {
  constructor(
    readonly status: 404 | 409 | 422,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const keyOf = (s: { namespace: string; name: string }) => `${s.namespace}/${s.name}`;

/** The compiler's view of one stored intent (disabled parts left out). */
export function toServiceIntent(dto: IntentDto): GlobalServiceIntent {
  return {
    namespace: dto.namespace,
    name: dto.name,
    hostname: dto.hostname,
    exports: dto.exports,
    imports: dto.imports,
    ...(dto.failover ? { failover: dto.failover } : {}),
    ...(dto.trafficWeights ? { trafficWeights: dto.trafficWeights } : {}),
    ...(dto.access ? { access: dto.access } : {}),
  };
}

/**
 * The intent after `changes`: every change names a known global service at the version it was
 * read at (else 404 / 409), and the result must validate against the inventory (else 422).
 */
export function applyIntentChanges(
  current: readonly IntentDto[],
  changes: readonly IntentChange[],
  fleet: FleetInventory,
): IntentDto[] {
  const byKey = new Map(current.map((s) => [keyOf(s), s]));
  const seen = new Set<string>();
  for (const change of changes) {
    const key = keyOf(change);
    if (seen.has(key))
      throw new IntentChangeError(422, "duplicate_change", `${key} is changed twice in one plan`);
    seen.add(key);
    const before = byKey.get(key);
    if (!before) throw new IntentChangeError(404, "not_found", `Global service ${key} not found`);
    if (before.version !== change.version)
      throw new IntentChangeError(
        409,
        "stale_version",
        `${key} changed since you read it (version ${change.version}, now ${before.version}): reload and plan again`,
      );
    byKey.set(key, {
      ...before,
      exports: change.exports ?? before.exports,
      imports: change.imports ?? before.imports,
      failover: change.failover === undefined ? before.failover : change.failover,
      trafficWeights:
        change.trafficWeights === undefined ? before.trafficWeights : change.trafficWeights,
      access: change.access === undefined ? before.access : change.access,
    });
  }
  const next = [...byKey.values()];
  const changed = next.filter((s) => seen.has(keyOf(s)));
  const errors = validateIntent({ services: changed.map(toServiceIntent) }, fleet);
  if (errors.length)
    throw new IntentChangeError(
      422,
      errors[0]!.code,
      errors.map((e) => `${e.globalService ?? ""}: ${e.message}`).join("; "),
    );
  return next;
}

/** The fleet intent the compiler takes: only services that share something. */
export function fleetIntentOf(services: readonly IntentDto[]): FleetIntent {
  return {
    services: services
      .filter((s) => s.exports.length > 0 || s.imports.length > 0)
      .map(toServiceIntent),
  };
}

function clusterDiff(plan: ReturnType<typeof diffPlans>[string]): string {
  const prefixed = (sign: string, r: DesiredResource) =>
    resourceYaml(r)
      .trimEnd()
      .split("\n")
      .map((l) => `${sign}${l}`)
      .join("\n");
  return [
    ...plan.create.map((r) => prefixed("+", r)),
    ...plan.change.map((c) => c.diff.trimEnd()),
    ...plan.delete.map((r) => prefixed("-", r)),
  ].join("\n---\n");
}

/** A compiled plan: desired resources of every affected cluster and the reviewable plan. */
export type CompiledPlan = { plan: PlanDto; desired: Record<string, DesiredResource[]> };

/** Compile before and after, and describe per cluster what would change. */
export function planIntent(
  before: readonly IntentDto[],
  after: readonly IntentDto[],
  fleet: FleetInventory,
): CompiledPlan {
  const prev = compileFleet(fleetIntentOf(before), fleet);
  const next = compileFleet(fleetIntentOf(after), fleet);
  const resources = (c: typeof prev) =>
    Object.fromEntries(Object.entries(c.clusters).map(([n, v]) => [n, v.resources]));
  const diffs = diffPlans(resources(prev), resources(next));
  const clusters: PlanDto["clusters"] = [];
  const desired: Record<string, DesiredResource[]> = {};
  for (const [cluster, p] of Object.entries(diffs)) {
    if (!p.create.length && !p.change.length && !p.delete.length) continue;
    clusters.push({
      cluster,
      create: p.create.length,
      change: p.change.length,
      delete: p.delete.length,
      diff: clusterDiff(p),
    });
    desired[cluster] = next.clusters[cluster]?.resources ?? [];
  }
  const warnings = next.warnings.map((w) => ({
    severity: "warning" as const,
    code: w.code,
    message: w.message,
    ...(w.cluster ? { cluster: w.cluster } : {}),
    ...(w.globalService ? { globalService: w.globalService } : {}),
  }));
  return { plan: { clusters, warnings }, desired };
}
