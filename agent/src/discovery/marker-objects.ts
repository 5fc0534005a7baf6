// The marker objects the agent watches: every object the mesh rules (lib/meshes/detectors.ts)
// read, once, with the data keys to keep.
import { MESH_RULES } from "../../../lib/meshes/detectors";
import type { MarkerRef, MeshRule } from "../../../lib/meshes/kit/mesh-detector";

/**
 * Every marker object the rules read, once, with the data keys to keep (required keys
 * plus the trust-root key). The inventory watches exactly these objects.
 */
export function markerObjects(
  rules: Readonly<Record<string, MeshRule>> = MESH_RULES,
): Array<Omit<MarkerRef, "requiredKeys"> & { keys: string[] }> {
  const byKey = new Map<string, Omit<MarkerRef, "requiredKeys"> & { keys: string[] }>();
  const add = (ref: Omit<MarkerRef, "requiredKeys">, keys: readonly string[]) => {
    const k = `${ref.kind}/${ref.namespace}/${ref.name}`;
    const entry = byKey.get(k) ?? {
      kind: ref.kind,
      namespace: ref.namespace,
      name: ref.name,
      keys: [],
    };
    for (const key of keys) if (!entry.keys.includes(key)) entry.keys.push(key);
    byKey.set(k, entry);
  };
  for (const rule of Object.values(rules)) {
    for (const o of [...rule.objects, ...(rule.optional ?? [])]) add(o, o.requiredKeys);
    add(rule.trustRoot, [rule.trustRoot.key]);
  }
  return [...byKey.values()];
}
