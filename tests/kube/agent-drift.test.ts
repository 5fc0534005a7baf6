// Drift (issue 36): a real agent in a real kube-apiserver applies Meridian's objects; someone edits
// one and deletes another behind its back. The agent's drift check reports both, the cluster's
// desired-state API (what its page shows) and a fleet alert name them, and the next apply puts
// Meridian's values back — forced, since the edit took the field's ownership.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as clusterDesired from "@/app/api/v1/clusters/[name]/desired/route";
import type { Agent } from "@/agent/src/agent";
import type { ClusterState } from "@/lib/model/agents";
import { loadAlertFleet } from "@/lib/services/fleet-metrics/fleet-alerts";
import { call, userWithToken } from "../helpers/api";
import { waitFor } from "../../scripts/lib/processes";
import { resetDatabase } from "../helpers/db";
import { clientsFor } from "./clients";
import { inProcessAgent, registerLiveCluster } from "./in-process-agent";

const SYSTEM = { type: "system", label: "test" } as const;
const CLUSTER = "west-1";
const NS = "drift-test";

const configMap = (name: string, data: Record<string, string>) => ({
  apiVersion: "v1",
  kind: "ConfigMap",
  metadata: { name, namespace: NS },
  data,
});

describe("drift of Meridian-owned objects on a real API server", () => {
  const kube = clientsFor(CLUSTER);
  let admin: string;
  let viewer: string;
  let agent: Agent;
  const putDesired = async (resources: unknown[]) =>
    (
      await call(clusterDesired.PUT, "PUT", "/x", {
        token: admin,
        params: { name: CLUSTER },
        body: { resources },
      })
    ).body as { generation: number };
  // What the cluster page reads, through the API as a viewer.
  const state = async () => {
    const res = await call(clusterDesired.GET, "GET", "/x", {
      token: viewer,
      params: { name: CLUSTER },
    });
    expect(res.status).toBe(200);
    return res.body as ClusterState;
  };
  const objectState = async (name: string) => (await state()).objects.find((o) => o.name === name);
  const until = (what: string, check: () => Promise<boolean>) => waitFor(what, check, 20_000);

  beforeAll(async () => {
    await resetDatabase();
    admin = (await userWithToken("admin")).token;
    viewer = (await userWithToken("viewer")).token;
    await registerLiveCluster(CLUSTER, "us-west-1", SYSTEM);
    await kube.core.createNamespace({ body: { metadata: { name: NS } } }).catch(() => undefined);
    agent = await inProcessAgent(kube, CLUSTER, SYSTEM, {
      info: { version: "drift", hostname: "agent-drift", simulated: false },
      driftCheckMs: 300,
    });
    await agent.start();
  }, 60_000);
  afterAll(async () => {
    await putDesired([]).catch(() => undefined);
    await agent?.stop();
  });

  it("reports an edited and a deleted object as drifted, shows and alerts on them, and the next apply repairs both", async () => {
    const first = await putDesired([
      configMap("weights", { east: "90", west: "10" }),
      configMap("routes", { primary: "east" }),
    ]);
    await until("applied", async () => agent.observedGeneration === first.generation);
    expect((await objectState("weights"))?.state).toBe("applied");

    // Behind the agent's back: an operator edits one object (an Update, as `kubectl edit`
    // sends, which takes the field's ownership) and deletes the other.
    const live = await kube.core.readNamespacedConfigMap({ name: "weights", namespace: NS });
    await kube.core.replaceNamespacedConfigMap({
      name: "weights",
      namespace: NS,
      fieldManager: "kubectl-edit",
      body: { ...live, data: { east: "50", west: "50" } },
    });
    await kube.core.deleteNamespacedConfigMap({ name: "routes", namespace: NS });

    // Reported and shown: the cluster's objects say what happened and who did it.
    await until("drift reported", async () => (await objectState("routes"))?.state === "drifted");
    await until("edit reported", async () => (await objectState("weights"))?.state === "drifted");
    const weights = await objectState("weights");
    expect(weights?.message).toMatch(/^changed by kubectl-edit: \.data\.east, \.data\.west/);
    expect(weights).toMatchObject({ kind: "ConfigMap", namespace: NS, changeSet: null });
    expect((await objectState("routes"))?.message).toMatch(/^deleted by someone else/);
    // Drift is not a failed apply: the generation stays applied.
    expect((await state()).observed?.generation).toBe(first.generation);

    // A fleet alert names each object.
    const alerts = (await loadAlertFleet()).fleetAlerts.filter((a) => a.name === "ResourceDrifted");
    expect(alerts.map((a) => a.annotations.summary).sort()).toEqual([
      `ConfigMap ${NS}/routes in ${CLUSTER} drifted from what Meridian applied`,
      `ConfigMap ${NS}/weights in ${CLUSTER} drifted from what Meridian applied`,
    ]);
    expect(alerts[0]?.activeAt).not.toBeNull();

    // The next apply (a new generation) restores Meridian's values: forced where kubectl-edit
    // took a field over, created again where the object was deleted.
    const next = await putDesired([
      configMap("weights", { east: "90", west: "10" }),
      configMap("routes", { primary: "east" }),
      configMap("canary", { share: "0" }),
    ]);
    await until("repaired", async () => agent.observedGeneration === next.generation);
    expect(
      (await kube.core.readNamespacedConfigMap({ name: "weights", namespace: NS })).data,
    ).toEqual({ east: "90", west: "10" });
    expect(
      (await kube.core.readNamespacedConfigMap({ name: "routes", namespace: NS })).data,
    ).toEqual({ primary: "east" });
    const after = await state();
    expect(after.objects.map((o) => [o.name, o.state]).sort()).toEqual([
      ["canary", "applied"],
      ["routes", "applied"],
      ["weights", "applied"],
    ]);
    // Still restored after the next drift checks, and the alerts are gone.
    await new Promise((r) => setTimeout(r, 1000));
    expect((await objectState("weights"))?.state).toBe("applied");
    expect(
      (await loadAlertFleet()).fleetAlerts.filter((a) => a.name === "ResourceDrifted"),
    ).toEqual([]);
  });
});
