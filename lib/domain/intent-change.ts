import type { IntentChange, IntentDto, PlanDto, PlanWarning } from "@/lib/model/intent";
import { DomainError } from "@/lib/domain/errors";
import type { DesiredResource } from "@/lib/agent-protocol/messages";
import {
  compileClusters,
  diffPlans,
  remoteKey,
  resourceKey,
  validateIntent,
  type ClusterPlan,
  type FleetIntent,
  type FleetInventory,
  type GlobalServiceIntent,
  type RemoteImport,
  type WarningCode,
} from "@/lib/meshes";
import { resourceYaml } from "@/lib/meshes/kit/resource-yaml";

/**
 * Why a change cannot be planned: an unknown global service (not_found), one read at an older
 * version (conflict) or one that fails validation against the inventory (unprocessable), with
 * this code and message. `service` names the global service concerned, so the caller can say
 * who changed it.
 */
export class IntentChangeError extends DomainError {
  constructor(
    kind: "not_found" | "conflict" | "unprocessable",
    code: string,
    message: string,
    readonly service?: string,
    details?: unknown,
  ) {
    super(kind, code, message, details);
  }
}

/** `namespace/name` of a global service (the key plans and change sets use). */
export const keyOf = (s: { namespace: string; name: string }) => `${s.namespace}/${s.name}`;

/** Code-unit order, as the database's `COLLATE "C"` (lib/store/intent.ts) sorts names. */
export const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The exporters `wanted` in age order, oldest first: the order the stored intent reads back in
 * after the apply (lib/store/intent.ts: since when a cluster exports, then by name). Clusters
 * that already export keep their places; the new ones start together, so they follow by name.
 * The oldest exporter's ports win a conflict (lib/meshes/analysis.ts), so the plan has to
 * compile the order the stored intent will have, not the order the editor sent. Duplicates are
 * kept for validation to report.
 */
export function exportsByAge(current: readonly string[], wanted: readonly string[]): string[] {
  const age = new Map(current.map((c, i) => [c, i]));
  const rank = (c: string) => age.get(c) ?? current.length;
  return [...wanted].sort((a, b) => rank(a) - rank(b) || byName(a, b));
}

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
      throw new IntentChangeError(
        "unprocessable",
        "duplicate_change",
        `${key} is changed twice in one plan`,
      );
    seen.add(key);
    const before = byKey.get(key);
    if (!before)
      throw new IntentChangeError("not_found", "not_found", `Global service ${key} not found`);
    if (change.version > before.version)
      throw new IntentChangeError(
        "unprocessable",
        "unknown_version",
        `${key} has no version ${change.version} (the latest is ${before.version}): read it again and plan`,
        key,
      );
    if (before.version !== change.version)
      throw new IntentChangeError(
        "conflict",
        "stale_version",
        `${key} changed since you read it (version ${change.version}, now ${before.version}): reload and plan again`,
        key,
      );
    byKey.set(key, {
      ...before,
      // Lists in the order they are stored and read back in, so that the next plan of the stored
      // intent compiles what this one did (importers are read by name).
      exports: change.exports ? exportsByAge(before.exports, change.exports) : before.exports,
      imports: change.imports ? [...change.imports].sort(byName) : before.imports,
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
      "unprocessable",
      errors[0]!.code.replaceAll("-", "_"),
      errors.map((e) => `${e.globalService ?? ""}: ${e.message}`).join("; "),
      errors[0]!.globalService,
    );
  return next;
}

/** The fleet intent the compiler takes: only services that share something. */
export function fleetIntentOf(
  services: readonly IntentDto[],
  remote: readonly RemoteImport[] = [],
): FleetIntent {
  return {
    services: services
      .filter((s) => s.exports.length > 0 || s.imports.length > 0)
      .map(toServiceIntent),
    ...(remote.length ? { remote: remote.filter((r) => r.clusters.length > 0) } : {}),
  };
}

/**
 * Remote imports (Hamlet peers' services) before and after a change; absent = none. `touched`
 * names clusters the change affects besides (an import whose offer the peer withdrew has no
 * "before" to compile, but its clusters still lose its resources).
 */
export type RemoteImports = {
  before: readonly RemoteImport[];
  after: readonly RemoteImport[];
  touched?: readonly string[];
};

/**
 * The inverse of an applied change: every service back to its intent before it, based on the
 * version the apply gave it (`before.version + 1`), so a service changed since is a 409.
 */
export function inverseChanges(before: readonly IntentDto[]): IntentChange[] {
  return before.map((s) => ({
    namespace: s.namespace,
    name: s.name,
    version: s.version + 1,
    exports: s.exports,
    imports: s.imports,
    failover: s.failover,
    trafficWeights: s.trafficWeights,
    access: s.access,
  }));
}

/**
 * The clusters a change can touch: exporters and importers of the changed services, before and
 * after. A cluster's compiled set depends only on the services it exports or imports
 * (lib/meshes compile), so no other cluster's resources can move.
 */
export function affectedClusters(
  before: readonly IntentDto[],
  after: readonly IntentDto[],
  changed: ReadonlySet<string>,
  remote?: RemoteImports,
): Set<string> {
  const out = new Set<string>(remote?.touched ?? []);
  for (const list of [remote?.before ?? [], remote?.after ?? []])
    for (const r of list) if (changed.has(remoteKey(r))) for (const c of r.clusters) out.add(c);
  for (const list of [before, after])
    for (const s of list) {
      if (!changed.has(keyOf(s))) continue;
      for (const c of s.exports) out.add(c);
      for (const c of s.imports) out.add(c);
    }
  return out;
}

function clusterDiff(plan: ClusterPlan): string {
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

// Traffic will fail (error), part of the intent is lost or degraded (warning), or a note (info).
const SEVERITY: Partial<Record<WarningCode, PlanWarning["severity"]>> = {
  "trust-root-mismatch": "error",
  "mesh-mismatch": "error",
  // The agent never creates a namespace unless the intent asks: the apply fails with NotFound.
  "namespace-missing": "error",
  "no-workload-selector": "info",
  "externalname-not-exported": "info",
};

/** A compiled plan: desired resources of every affected cluster and the reviewable plan. */
export type CompiledPlan = { plan: PlanDto; desired: Record<string, DesiredResource[]> };

/**
 * Compile the affected clusters before and after, and describe per cluster what would change.
 * `current` (the stored desired sets, when known) is what the clusters are told today; it
 * replaces the "before" compilation so the plan shows exactly what applying would send.
 * Cost: the changed services' clusters and the services those clusters share, not the fleet.
 */
export function planIntent(
  before: readonly IntentDto[],
  after: readonly IntentDto[],
  changed: ReadonlySet<string>,
  fleet: FleetInventory,
  current?: Readonly<Record<string, readonly DesiredResource[]>>,
  remote?: RemoteImports,
): CompiledPlan {
  const clusters = affectedClusters(before, after, changed, remote);
  // A site's mesh objects live in its host cluster: a change to what a site exports changes it.
  for (const c of fleet.clusters)
    if (c.hostCluster && clusters.has(c.name)) clusters.add(c.hostCluster);
  // A cluster with a stored desired set is diffed against it, so "before" is compiled only for
  // the others (a fleet-wide plan would otherwise compile the whole fleet twice).
  const uncompiled = [...clusters].filter((n) => !current?.[n]);
  const prev = compileClusters(fleetIntentOf(before, remote?.before), fleet, uncompiled);
  const next = compileClusters(fleetIntentOf(after, remote?.after), fleet, clusters);
  const prevSets: Record<string, readonly DesiredResource[]> = {};
  const nextSets: Record<string, readonly DesiredResource[]> = {};
  for (const n of clusters) if (current?.[n]) prevSets[n] = current[n];
  for (const [n, v] of Object.entries(prev.clusters)) prevSets[n] = v.resources;
  for (const [n, v] of Object.entries(next.clusters)) nextSets[n] = v.resources;
  const mesh = new Map(fleet.clusters.map((c) => [c.name, c.mesh]));
  const out: PlanDto["clusters"] = [];
  const desired: Record<string, DesiredResource[]> = {};
  for (const [cluster, p] of Object.entries(diffPlans(prevSets, nextSets))) {
    if (!p.create.length && !p.change.length && !p.delete.length) continue;
    out.push({
      cluster,
      mesh: mesh.get(cluster) ?? "none",
      create: p.create.length,
      change: p.change.length,
      delete: p.delete.length,
      resources: {
        create: p.create.map(resourceKey),
        change: p.change.map((c) => c.key),
        delete: p.delete.map(resourceKey),
      },
      diff: clusterDiff(p),
    });
    desired[cluster] = next.clusters[cluster]?.resources ?? [];
  }
  const warnings = next.warnings
    .filter((w) => !w.globalService || changed.has(w.globalService))
    .map((w) => ({
      severity: SEVERITY[w.code] ?? ("warning" as const),
      code: w.code,
      message: w.message,
      ...(w.cluster ? { cluster: w.cluster } : {}),
      ...(w.globalService ? { globalService: w.globalService } : {}),
    }));
  return { plan: { clusters: out, warnings }, desired };
}
