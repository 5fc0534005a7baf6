import { KubeConfig } from "@kubernetes/client-node";
import type { InventorySource, ResourceWriter } from "./cluster-interfaces";
import type { DetectedMeshType } from "../../lib/meshes/kit/mesh-detector";
import { enabledRules } from "./enabled-rules";
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
  return {
    kc,
    inventory: new KubeInventory(kc, { log, meshRules: enabledRules(meshes) }),
    writer: new KubeWriter(kc, { log }),
  };
}
