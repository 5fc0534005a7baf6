import { KubeConfig } from "@kubernetes/client-node";
import type { InventorySource, ResourceWriter } from "./cluster-interfaces";
import { MESH_RULES } from "../../lib/meshes/detectors";
import type { DetectedMeshType, MeshRule } from "../../lib/meshes/kit/mesh-detector";
import type { AgentLog } from "./log";
import { KubeInventory } from "./kube/kube-inventory";
import { KubeWriter } from "./kube/kube-writer";

/**
 * The real cluster: in-cluster service account, or a kubeconfig file when given. Only the
 * marker objects of `meshes` are watched (the ones the chart lets the agent read): a watched
 * object the agent may not read keeps it from becoming ready.
 */
export function createKubeCluster(
  kubeconfig: string | undefined,
  log: AgentLog,
  meshes: readonly DetectedMeshType[],
): { kc: KubeConfig; inventory: InventorySource; writer: ResourceWriter } {
  const kc = new KubeConfig();
  if (kubeconfig) kc.loadFromFile(kubeconfig);
  else kc.loadFromCluster();
  const meshRules: Partial<Record<DetectedMeshType, MeshRule>> = {};
  for (const mesh of meshes) meshRules[mesh] = MESH_RULES[mesh];
  return {
    kc,
    inventory: new KubeInventory(kc, { log, meshRules }),
    writer: new KubeWriter(kc, { log }),
  };
}
