import { KubeConfig } from "@kubernetes/client-node";
import type { InventorySource, ResourceWriter } from "./cluster";
import type { AgentLog } from "./log";
import { KubeInventory } from "./kube/kube-inventory";
import { KubeWriter } from "./kube/kube-writer";

/** The real cluster: in-cluster service account, or a kubeconfig file when given. */
export function createKubeCluster(
  kubeconfig: string | undefined,
  log: AgentLog,
): { kc: KubeConfig; inventory: InventorySource; writer: ResourceWriter } {
  const kc = new KubeConfig();
  if (kubeconfig) kc.loadFromFile(kubeconfig);
  else kc.loadFromCluster();
  return { kc, inventory: new KubeInventory(kc, { log }), writer: new KubeWriter(kc, { log }) };
}
