import * as register from "@/app/api/agent/v1/register/route";
import { createCluster, updateCluster } from "@/lib/services/inventory/clusters";
import { createJoinToken } from "@/lib/services/agents/access";
import { call } from "./api";

const SYSTEM = { type: "system", label: "test" } as const;
export const AGENT_INFO = { version: "0.1.0-test", hostname: "agent-0", simulated: true };

/** How many desired-state watches (streams, long-polls) this process holds for a cluster. */
export function desiredWatchers(clusterName: string): number {
  const hub = (globalThis as { meridianDesired?: { watchers?: Map<string, Set<unknown>> } })
    .meridianDesired;
  return hub?.watchers?.get(clusterName)?.size ?? 0;
}

/** A small desired ConfigMap in the bookinfo namespace. */
export const configMap = (name: string) => ({
  apiVersion: "v1",
  kind: "ConfigMap",
  metadata: { name, namespace: "bookinfo" },
  data: { a: "1" },
});

/** A registered cluster (optionally accepted) with its agent credential. */
export async function registeredCluster(
  name: string,
  opts: { accept?: boolean } = {},
): Promise<string> {
  const c = await createCluster({ name, region: "test-1" }, SYSTEM);
  if (opts.accept ?? true) await updateCluster(name, { version: c.version, state: "live" }, SYSTEM);
  const { token } = await createJoinToken(name, SYSTEM);
  const res = await call(register.POST, "POST", "/api/agent/v1/register", {
    body: { joinToken: token, agent: AGENT_INFO },
  });
  if (res.status !== 201) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  return (res.body as { credential: string }).credential;
}
