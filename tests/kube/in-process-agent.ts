// A real agent on a harness cluster, talking to Meridian's route handlers in this process: the
// cluster is registered and live first, the agent joins with a fresh join token.
import { Agent, type AgentOptions } from "@/agent/src/agent";
import { memoryCredentialStore } from "@/agent/src/credential-file";
import { KubeInventory } from "@/agent/src/kube/kube-inventory";
import { KubeWriter } from "@/agent/src/kube/kube-writer";
import { SILENT_LOG } from "@/agent/src/log";
import { MeridianClient } from "@/agent/src/meridian-client";
import type { Actor } from "@/lib/model/actor";
import { createJoinToken } from "@/lib/services/agents/access";
import { createCluster, updateCluster } from "@/lib/services/inventory/clusters";
import { inProcessFetch } from "../helpers/in-process-fetch";
import type { ClusterClients } from "./clients";

/** Registers `cluster` in `region` as live. */
export async function registerLiveCluster(cluster: string, region: string, actor: Actor) {
  const c = await createCluster({ name: cluster, region }, actor);
  await updateCluster(cluster, { version: c.version, state: "live" }, actor);
}

/** An agent (not started) for `cluster`, on the harness cluster `kube`. */
export async function inProcessAgent(
  kube: ClusterClients,
  cluster: string,
  actor: Actor,
  opts: Pick<AgentOptions, "info"> & Partial<AgentOptions>,
): Promise<Agent> {
  return new Agent({
    client: new MeridianClient("http://meridian.test", { fetch: inProcessFetch() }),
    inventory: new KubeInventory(kube.kc, { log: SILENT_LOG }),
    writer: new KubeWriter(kube.kc, { log: SILENT_LOG }),
    credentials: memoryCredentialStore(),
    joinToken: (await createJoinToken(cluster, actor)).token,
    log: SILENT_LOG,
    deltaDelayMs: 50,
    ...opts,
  });
}
