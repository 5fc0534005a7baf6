import { canonicalJson } from "./canonical-json";
import type { ClusterSnapshot, ReportedMesh, ReportedService, ServedApis } from "./snapshot";

/** What changed between two inventory snapshots, as a delta report carries it. */
export type SnapshotDelta = {
  upserts: ReportedService[];
  deletes: { namespace: string; name: string }[];
  meshes?: ReportedMesh[];
  servedApis?: ServedApis;
};

const key = (s: { namespace: string; name: string }) => `${s.namespace}/${s.name}`;

/**
 * The delta from `prev` (what Meridian has) to `next` (what the cluster has now):
 * services added or changed, services gone, and the meshes and served APIs when they changed.
 */
export function diffSnapshots(prev: ClusterSnapshot, next: ClusterSnapshot): SnapshotDelta {
  const before = new Map(prev.services.map((s) => [key(s), canonicalJson(s)]));
  const upserts = next.services.filter((s) => before.get(key(s)) !== canonicalJson(s));
  const now = new Set(next.services.map(key));
  const deletes = prev.services
    .filter((s) => !now.has(key(s)))
    .map((s) => ({ namespace: s.namespace, name: s.name }));
  const meshesChanged = canonicalJson(prev.meshes) !== canonicalJson(next.meshes);
  const apisChanged =
    next.servedApis !== undefined &&
    canonicalJson(prev.servedApis ?? null) !== canonicalJson(next.servedApis);
  return {
    upserts,
    deletes,
    ...(meshesChanged ? { meshes: next.meshes } : {}),
    ...(apisChanged ? { servedApis: next.servedApis } : {}),
  };
}

/** True when a delta carries nothing. */
export function isEmptyDelta(d: SnapshotDelta): boolean {
  return (
    d.upserts.length === 0 &&
    d.deletes.length === 0 &&
    d.meshes === undefined &&
    d.servedApis === undefined
  );
}
