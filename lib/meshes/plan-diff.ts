import { sameJson } from "../agent-protocol/canonical-json";
import type { DesiredResource } from "../agent-protocol/messages";
import { unifiedDiff } from "./kit/line-diff";
import { resourceKey } from "./kit/resources";
import { resourceYaml } from "./kit/resource-yaml";

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
