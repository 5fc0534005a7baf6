// The agent re-acknowledges its generation when a ServiceExport's conditions change (issue 20):
// a real Agent against Meridian's real agent API and database, over the simulated cluster, whose
// writer is wrapped to play the MCS controller (a test double: no MCS controller runs here; the
// kube suite reads real status conditions back in tests/kube/agent-export-conditions.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as clusterDesired from "@/app/api/v1/clusters/[name]/desired/route";
import { Agent } from "@/agent/src/agent";
import type { ResourceWriter } from "@/agent/src/cluster-interfaces";
import { memoryCredentialStore } from "@/agent/src/credential-file";
import { SILENT_LOG } from "@/agent/src/log";
import { MeridianClient } from "@/agent/src/meridian-client";
import { SimulatedCluster } from "@/agent/src/simulated/simulated-cluster";
import { loadFleetFile } from "@/lib/agent-protocol/fleet-file";
import type { ResourceCondition } from "@/lib/agent-protocol/messages";
import { db } from "@/lib/store/client";
import { createCluster, updateCluster } from "@/lib/services/inventory/clusters";
import { createJoinToken } from "@/lib/services/agents/access";
import { waitFor } from "../../scripts/lib/processes";
import { resetDatabase } from "../helpers/db";
import { call, userWithToken } from "../helpers/api";
import { inProcessFetch } from "../helpers/in-process-fetch";

const SYSTEM = { type: "system", label: "test" } as const;

describe("ServiceExport conditions re-acknowledged by the agent", () => {
  let agent: Agent;
  let conditions: ResourceCondition[] = [];

  beforeAll(async () => {
    await resetDatabase();
    const admin = (await userWithToken("admin")).token;
    const c = await createCluster({ name: "east-1", region: "us-east-1" }, SYSTEM);
    await updateCluster("east-1", { version: c.version, state: "live" }, SYSTEM);
    const sim = new SimulatedCluster(loadFleetFile().clusters.find((x) => x.name === "east-1")!);
    // The MCS controller double: whatever conditions the test sets, on every ServiceExport.
    const writer: ResourceWriter = {
      apply: (desired) => sim.apply(desired),
      refreshConditions: async (results) =>
        results.map((r) =>
          r.kind === "ServiceExport" && conditions.length ? { ...r, conditions } : r,
        ),
    };
    agent = new Agent({
      client: new MeridianClient("http://meridian.test", { fetch: inProcessFetch() }),
      inventory: sim,
      writer,
      credentials: memoryCredentialStore(),
      joinToken: (await createJoinToken("east-1", SYSTEM)).token,
      info: { version: "test", hostname: "h", simulated: true },
      log: SILENT_LOG,
      longPollSeconds: 5,
      deltaDelayMs: 50,
      conditionsRefreshMs: 50,
    });
    await agent.start();
    await call(clusterDesired.PUT, "PUT", "/x", {
      token: admin,
      params: { name: "east-1" },
      body: {
        resources: [
          {
            apiVersion: "multicluster.x-k8s.io/v1beta1",
            kind: "ServiceExport",
            metadata: { name: "reviews", namespace: "bookinfo" },
          },
        ],
      },
    });
  }, 30_000);
  afterAll(async () => {
    await agent?.stop();
  });

  const observed = async () =>
    (await db().observedState.findUnique({ where: { clusterName: "east-1" } }))?.results as
      Array<{ kind: string; conditions?: ResourceCondition[] }> | undefined;

  it("sends the conditions once the controller sets them, and again when they change", async () => {
    await waitFor(
      "applied",
      async () => (await observed())?.[0]?.kind === "ServiceExport",
      10_000,
      20,
    );
    expect((await observed())?.[0]?.conditions).toBeUndefined();
    conditions = [{ type: "Accepted", status: "True", reason: "Accepted", message: "" }];
    await waitFor(
      "accepted",
      async () => (await observed())?.[0]?.conditions?.length === 1,
      10_000,
      20,
    );
    conditions = [
      ...conditions,
      { type: "Conflicted", status: "True", reason: "PortConflict", message: "port differs" },
    ];
    await waitFor(
      "conflicted",
      async () => (await observed())?.[0]?.conditions?.length === 2,
      10_000,
      20,
    );
    expect((await observed())?.[0]?.conditions?.map((c) => c.type)).toEqual([
      "Accepted",
      "Conflicted",
    ]);
  });
});
