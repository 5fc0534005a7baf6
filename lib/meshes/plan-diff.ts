import { stringify } from "yaml";

import type { DesiredResource } from "../agent-protocol/messages";
import { unifiedDiff } from "./line-diff";
import { resourceKey } from "./resources";

/** A resource whose content changes, with a unified YAML diff for the plan view. */
export interface ResourceChange {
  key: string;
  before: DesiredResource;
  after: DesiredResource;
  diff: string;
}

/** What applying a plan does in one cluster. Each list is sorted by resource key. */
export interface ClusterPlan {
  create: DesiredResource[];
  change: ResourceChange[];
  delete: DesiredResource[];
}

/** Resource as plan YAML: keys sorted so a diff shows only real changes. */
export function resourceYaml(r: DesiredResource): string {
  return stringify(r, { sortMapEntries: true, lineWidth: 0 });
}

const label = (r: DesiredResource) =>
  `${r.kind} ${r.metadata.namespace ? `${r.metadata.namespace}/` : ""}${r.metadata.name}`;

/**
 * Per cluster, the resources to create, change and delete to go from `prev` to `next` desired
 * sets. Clusters in either map appear in the result (name order); a cluster with no changes
 * gets empty lists.
 */
export function diffPlans(
  prev: Readonly<Record<string, readonly DesiredResource[]>>,
  next: Readonly<Record<string, readonly DesiredResource[]>>,
): Record<string, ClusterPlan> {
  const names = [...new Set([...Object.keys(prev), ...Object.keys(next)])].sort();
  const out: Record<string, ClusterPlan> = {};
  for (const name of names) out[name] = diffCluster(prev[name] ?? [], next[name] ?? []);
  return out;
}

/**
 * Equal as JSON (what canonicalJson compares: key order ignored, undefined members dropped),
 * without building strings — stored sets come back from jsonb with their keys reordered, so
 * plain JSON.stringify never matches them and every resource took the slow path.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bs = b as unknown[];
    return a.length === bs.length && a.every((v, i) => sameJson(v, bs[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const keys = (o: Record<string, unknown>) => Object.keys(o).filter((k) => o[k] !== undefined);
  const ak = keys(ao);
  if (ak.length !== keys(bo).length) return false;
  return ak.every((k) => bo[k] !== undefined && sameJson(ao[k], bo[k]));
}

function diffCluster(
  prev: readonly DesiredResource[],
  next: readonly DesiredResource[],
): ClusterPlan {
  const before = new Map(prev.map((r) => [resourceKey(r), r]));
  const after = new Map(next.map((r) => [resourceKey(r), r]));
  const plan: ClusterPlan = { create: [], change: [], delete: [] };
  for (const key of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const b = before.get(key);
    const a = after.get(key);
    if (!b && a) plan.create.push(a);
    else if (b && !a) plan.delete.push(b);
    else if (a && b && !sameJson(a, b))
      plan.change.push({
        key,
        before: b,
        after: a,
        diff: unifiedDiff(resourceYaml(b), resourceYaml(a), [`a/${label(b)}`, `b/${label(a)}`]),
      });
  }
  return plan;
}
