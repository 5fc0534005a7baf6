// The suite's fleet: clusters registered in the shared database, each served by a real Agent
// (agent/src/agent.ts over its real node:http transport) on an in-memory simulated cluster,
// connected to the replicas through the agent listeners with a list of URLs to fail over to.
import { Agent } from "@/agent/src/agent";
import { memoryCredentialStore } from "@/agent/src/credential-file";
import type { AgentLog } from "@/agent/src/log";
import { MeridianClient } from "@/agent/src/meridian-client";
import { SimulatedCluster } from "@/agent/src/simulated/simulated-cluster";
import type { FleetCluster } from "@/lib/agent-protocol/fleet-file";
import type { DesiredResource } from "@/lib/agent-protocol/messages";
import { createJoinToken } from "@/lib/services/agents/access";
import { createCluster, updateCluster } from "@/lib/services/inventory/clusters";

const SYSTEM = { type: "system", label: "replicas-suite" } as const;

/** A cluster of `services` services, as the simulated agent discovers them. */
export function clusterSpec(name: string, services = 3): FleetCluster {
  return {
    name,
    displayName: name,
    provider: "test",
    region: "region-1",
    zone: "region-1a",
    network: "",
    labels: {},
    meshes: [
      { type: "istio", version: "1.24.2", trustDomain: "cluster.local", rootCaFingerprint: "" },
    ],
    services: Array.from({ length: services }, (_, s) => ({
      namespace: "shop",
      name: `svc-${s}`,
      type: "ClusterIP" as const,
      ports: [{ name: "http", port: 8080, protocol: "TCP" as const }],
      labels: { app: `svc-${s}` },
      endpointsByZone: { a: { ready: 1, total: 1 } },
    })),
  };
}

/** What one agent did, with when (performance.now()). */
export type AgentEvent = {
  at: number;
  level: "info" | "warn" | "error";
  msg: string;
  /** The log line's fields (the error Meridian answered, ...), as JSON. */
  detail: string;
};

export type FleetAgent = {
  cluster: string;
  agent: Agent;
  sim: SimulatedCluster;
  client: MeridianClient;
  /** The agent's credential, once registered. */
  credential: () => Promise<string | undefined>;
  events: AgentEvent[];
  /** Generations the agent applied and Meridian acknowledged, in order. */
  applied: number[];
};

/** Add a live cluster to Meridian and start its agent on `urls` (the first is where it starts). */
export async function joinCluster(name: string, urls: string[], services = 3): Promise<FleetAgent> {
  const created = await createCluster({ name, region: "region-1" }, SYSTEM, { simulated: true });
  await updateCluster(name, { version: created.version, state: "live" }, SYSTEM);
  const { token } = await createJoinToken(name, SYSTEM);
  const sim = new SimulatedCluster(clusterSpec(name, services));
  const credentials = memoryCredentialStore();
  const events: AgentEvent[] = [];
  const record =
    (level: AgentEvent["level"]) =>
    (msg: string, fields: Record<string, unknown> = {}): void =>
      void events.push({ at: performance.now(), level, msg, detail: JSON.stringify(fields) });
  const log: AgentLog = { info: record("info"), warn: record("warn"), error: record("error") };
  const client = new MeridianClient(urls, {
    onFailover: (from, to) => record("warn")(`failover ${from} -> ${to}`),
  });
  const applied: number[] = [];
  const agent = new Agent({
    client,
    inventory: sim,
    writer: sim,
    credentials,
    joinToken: token,
    info: { version: "replicas-suite", hostname: `agent-${name}`, simulated: true },
    log,
    deltaDelayMs: 50,
    onApplied: (generation) => applied.push(generation),
  });
  await agent.start();
  return {
    cluster: name,
    agent,
    sim,
    client,
    credential: () => credentials.load(),
    events,
    applied,
  };
}

/** A ConfigMap Meridian wants in a cluster (one key, so every round is a new generation). */
export const configMap = (name: string, value: string): DesiredResource => ({
  apiVersion: "v1",
  kind: "ConfigMap",
  metadata: { name, namespace: "shop", labels: { "app.kubernetes.io/managed-by": "meridian" } },
  data: { value },
});

/** The ConfigMap's value as the simulated cluster holds it now (undefined: not applied). */
export function appliedValue(sim: SimulatedCluster, name: string): string | undefined {
  const r = sim.owned.get(`v1/ConfigMap/shop/${name}`) as { data?: { value?: string } } | undefined;
  return r?.data?.value;
}
