import { MESH_RULES } from "../../lib/meshes/detectors";
import type { DetectedMeshType, MeshRule } from "../../lib/meshes/kit/mesh-detector";

/**
 * The detection rules of the meshes the agent may watch (MERIDIAN_MESHES), in MESH_RULES' own
 * order: detection reports meshes in rule order, and the chart lists the enabled meshes in the
 * order of its values' keys, which must not change which mesh comes first.
 */
export function enabledRules(
  meshes: readonly DetectedMeshType[],
): Partial<Record<DetectedMeshType, MeshRule>> {
  const rules: Partial<Record<DetectedMeshType, MeshRule>> = {};
  for (const [mesh, rule] of Object.entries(MESH_RULES) as [DetectedMeshType, MeshRule][]) {
    if (meshes.includes(mesh)) rules[mesh] = rule;
  }
  return rules;
}
