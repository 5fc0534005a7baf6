// Per cluster: the objects Meridian pushed there with the change set that last wrote each and
// what the agent reported, and what the cluster shares, in words. Pure.
import type { DesiredResource, ResourceResult } from "@/lib/agent-protocol/messages";
import { refKey, resourceKey } from "@/lib/meshes/kit/resources";
import type { ClusterObject, ClusterSharing } from "@/lib/model/agents";
import type { IntentDto } from "@/lib/model/intent";

/** A change set's writes into one cluster: the ids it created and changed there. */
export interface ClusterWrite {
  number: number;
  title: string;
  create: readonly string[];
  change: readonly string[];
}

/**
 * Each desired object with the newest change set (of `writes`, newest first) that created or
 * changed it, and the agent's last result for it (`pending` when it has none).
 */
export function clusterObjects(
  resources: readonly DesiredResource[],
  results: readonly ResourceResult[],
  writes: readonly ClusterWrite[],
): ClusterObject[] {
  const byKey = new Map(results.map((r) => [refKey(r), r]));
  return resources.map((r) => {
    const key = resourceKey(r);
    const writer = writes.find((w) => w.create.includes(key) || w.change.includes(key));
    const result = byKey.get(key);
    return {
      key,
      apiVersion: r.apiVersion,
      kind: r.kind,
      namespace: r.metadata.namespace ?? "",
      name: r.metadata.name,
      changeSet: writer ? { number: writer.number, title: writer.title } : null,
      state: result?.result ?? "pending",
      message: result?.message ?? "",
    };
  });
}

/**
 * The global services `cluster` exports, with the clusters that import them (an access list
 * narrows those), and those it imports, with the clusters that export them.
 */
export function clusterSharing(cluster: string, intents: readonly IntentDto[]): ClusterSharing {
  const id = (i: IntentDto) => `${i.namespace}/${i.name}`;
  return {
    exports: intents
      .filter((i) => i.exports.includes(cluster))
      .map((i) => ({
        service: id(i),
        hostname: i.hostname,
        to: i.imports.filter((c) => c !== cluster && (!i.access || i.access.includes(c))),
      })),
    imports: intents
      .filter((i) => i.imports.includes(cluster))
      .map((i) => ({
        service: id(i),
        hostname: i.hostname,
        from: i.exports.filter((c) => c !== cluster && (!i.access || i.access.includes(cluster))),
      })),
  };
}
