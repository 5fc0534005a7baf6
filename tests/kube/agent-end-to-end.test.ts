// A real agent (Kubernetes layer) in a real kube-apiserver, talking to Meridian's real agent
// API and database: registration, discovery of Bookinfo, desired state applied then pruned,
// a missing CRD reported. The transport is in-process (tests/helpers/in-process-fetch.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as clusterDesired from "@/app/api/v1/clusters/[name]/desired/route";
import type { Agent } from "@/agent/src/agent";
import { db } from "@/lib/store/client";
import { call, userWithToken } from "../helpers/api";
import { waitFor } from "../../scripts/lib/processes";
import { resetDatabase } from "../helpers/db";
import { clientsFor } from "./clients";
import { inProcessAgent, registerLiveCluster } from "./in-process-agent";
import { loadBookinfo } from "./fixtures/bookinfo";
import { installMeshMarkers } from "./fixtures/meshes";

const SYSTEM = { type: "system", label: "test" } as const;
const CLUSTER = "east-2";
const NS = "e2e-agent";

const until = (what: string, check: () => Promise<boolean>, timeoutMs = 20_000) =>
  waitFor(what, check, timeoutMs);

describe("agent end to end on a real API server", () => {
  const kube = clientsFor(CLUSTER);
  let admin: string;
  let agent: Agent;
  const putDesired = (resources: unknown[]) =>
    call(clusterDesired.PUT, "PUT", "/x", {
      token: admin,
      params: { name: CLUSTER },
      body: { resources },
    });
  const observed = async () => db().observedState.findUnique({ where: { clusterName: CLUSTER } });

  beforeAll(async () => {
    await resetDatabase();
    admin = (await userWithToken("admin")).token;
    await registerLiveCluster(CLUSTER, "us-east-1", SYSTEM);
    await kube.core.createNamespace({ body: { metadata: { name: NS } } }).catch(() => undefined);
    await loadBookinfo(kube.kc, CLUSTER);
    await installMeshMarkers(kube.kc, "istio");
    agent = await inProcessAgent(kube, CLUSTER, SYSTEM, {
      info: { version: "e2e", hostname: "agent-e2e", simulated: false },
      longPollSeconds: 5,
    });
    await agent.start();
  }, 60_000);
  afterAll(async () => {
    await putDesired([]);
    await until("cleanup", async () => (await observed())?.results !== undefined);
    await agent?.stop();
  });

  it("registers and reports Bookinfo and the Istio mesh it discovered", async () => {
    await until(
      "bookinfo inventory",
      async () =>
        (await db().service.count({ where: { clusterName: CLUSTER, namespace: "bookinfo" } })) >= 2,
    );
    const mesh = await db().mesh.findFirst({ where: { clusterName: CLUSTER, type: "istio" } });
    expect(mesh?.rootCaFingerprint).toMatch(/^[0-9A-F]{2}(:[0-9A-F]{2}){31}$/);
    const agentRow = await db().agent.findUniqueOrThrow({ where: { clusterName: CLUSTER } });
    expect(agentRow.lastSnapshotAt).not.toBeNull();
  });

  it("applies desired resources with the managed-by label, then prunes them", async () => {
    const cm = {
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: { name: "meridian-e2e", namespace: NS },
      data: { a: "1" },
    };
    const ts = {
      apiVersion: "split.smi-spec.io/v1alpha4",
      kind: "TrafficSplit",
      metadata: { name: "meridian-e2e", namespace: NS },
      spec: { service: "x", backends: [] },
    };
    const first = (await putDesired([cm, ts])).body as { generation: number };
    await until("applied", async () => (await observed())?.generation === first.generation);
    const live = await kube.core.readNamespacedConfigMap({ name: "meridian-e2e", namespace: NS });
    expect(live.metadata?.labels?.["app.kubernetes.io/managed-by"]).toBe("meridian");
    expect(live.metadata?.managedFields?.map((f) => f.manager)).toContain("meridian-agent");
    const results = (await observed())!.results as { kind: string; result: string }[];
    expect(results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "ConfigMap", result: "applied" }),
        expect.objectContaining({ kind: "TrafficSplit", result: "crd-missing" }),
      ]),
    );
    const second = (await putDesired([])).body as { generation: number };
    await until("pruned", async () => (await observed())?.generation === second.generation);
    await expect(
      kube.core.readNamespacedConfigMap({ name: "meridian-e2e", namespace: NS }),
    ).rejects.toThrow();
  });
});
