// A real Agent (simulated cluster) against Meridian's real agent API and database.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as clusterDesired from "@/app/api/v1/clusters/[name]/desired/route";
import { Agent } from "@/agent/src/agent";
import { memoryCredentialStore } from "@/agent/src/credential-file";
import { SILENT_LOG } from "@/agent/src/log";
import { MeridianClient } from "@/agent/src/meridian-client";
import { SimulatedCluster } from "@/agent/src/simulated/simulated-cluster";
import { loadFleetFile } from "@/lib/agent-protocol/fleet-file";
import { db } from "@/lib/store/client";
import { createCluster, updateCluster } from "@/lib/services/inventory/clusters";
import { createJoinToken } from "@/lib/services/agents/access";
import { waitFor } from "../../scripts/lib/processes";
import { resetDatabase } from "../helpers/db";
import { call, userWithToken } from "../helpers/api";
import { inProcessFetch, type InProcessFetch } from "../helpers/in-process-fetch";

const SYSTEM = { type: "system", label: "test" } as const;
const INFO = { version: "test", hostname: "h", simulated: true };
const cm = (name: string) => ({
  apiVersion: "v1",
  kind: "ConfigMap",
  metadata: { name, namespace: "bookinfo" },
  data: { k: name },
});

const until = (what: string, check: () => Promise<boolean> | boolean, timeoutMs = 5000) =>
  waitFor(what, check, timeoutMs, 20);

describe.each([
  { transport: "event stream", stream: true },
  { transport: "long-poll", stream: false },
])("agent loop against the real agent API ($transport)", ({ stream }) => {
  let admin: string;
  let fetchImpl: InProcessFetch;
  let sim: SimulatedCluster;
  const creds = memoryCredentialStore();
  const running: Agent[] = [];

  const startAgent = async (joinToken?: string) => {
    const agent = new Agent({
      client: new MeridianClient("http://meridian.test", { fetch: fetchImpl }),
      inventory: sim,
      writer: sim,
      credentials: creds,
      joinToken,
      info: INFO,
      log: SILENT_LOG,
      longPollSeconds: 5,
      deltaDelayMs: 50,
      stream,
    });
    running.push(agent);
    await agent.start();
    return agent;
  };
  const putDesired = (names: string[]) =>
    call(clusterDesired.PUT, "PUT", "/x", {
      token: admin,
      params: { name: "east-1" },
      body: { resources: names.map(cm) },
    });

  beforeAll(async () => {
    await resetDatabase();
    admin = (await userWithToken("admin")).token;
    const c = await createCluster({ name: "east-1", region: "us-east-1" }, SYSTEM);
    await updateCluster("east-1", { version: c.version, state: "live" }, SYSTEM);
    fetchImpl = inProcessFetch();
    sim = new SimulatedCluster(loadFleetFile().clusters.find((x) => x.name === "east-1")!);
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((a) => a.stop()));
  });

  it("registers, sends its snapshot, then a new endpoint within one second", async () => {
    await startAgent((await createJoinToken("east-1", SYSTEM)).token);
    await until(
      "snapshot",
      async () => (await db().service.count({ where: { clusterName: "east-1" } })) === 3,
    );
    const reviews = sim.current().services.find((s) => s.name === "reviews")!;
    sim.upsertService({
      ...reviews,
      endpointsByZone: { ...reviews.endpointsByZone, "us-east-1c": { ready: 1, total: 1 } },
    });
    const ms = await until("delta", async () => {
      const row = await db().service.findFirst({
        where: { clusterName: "east-1", name: "reviews" },
      });
      return row?.endpointsReady === 5;
    });
    expect(ms).toBeLessThan(1000);
  });

  it("applies the desired state, acknowledges it, and prunes what is no longer wanted", async () => {
    await startAgent();
    await putDesired(["a", "b"]);
    await until(
      "applied",
      async () =>
        (await db().observedState.findUnique({ where: { clusterName: "east-1" } }))?.generation ===
        1,
    );
    expect([...sim.owned.keys()].sort()).toEqual([
      "v1/ConfigMap/bookinfo/a",
      "v1/ConfigMap/bookinfo/b",
    ]);
    await putDesired(["a"]);
    await until(
      "pruned",
      async () =>
        (await db().observedState.findUnique({ where: { clusterName: "east-1" } }))?.generation ===
        2,
    );
    expect([...sim.owned.keys()]).toEqual(["v1/ConfigMap/bookinfo/a"]);
    const observed = await db().observedState.findUniqueOrThrow({
      where: { clusterName: "east-1" },
    });
    expect(observed.results).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "b", result: "pruned" })]),
    );
  });

  it("keeps everything applied while Meridian is down, and re-converges when it returns", async () => {
    const agent = await startAgent();
    await until("caught up", () => agent.observedGeneration === 2);
    fetchImpl.down = true;
    await until("noticed outage", () => !agent.connected, 10_000);
    expect([...sim.owned.keys()]).toEqual(["v1/ConfigMap/bookinfo/a"]); // nothing removed
    // Meridian comes back with an older picture of the cluster: the agent resends everything.
    await db().service.deleteMany({ where: { clusterName: "east-1" } });
    fetchImpl.down = false;
    const resyncMs = await until(
      "full snapshot after reconnect",
      async () => (await db().service.count({ where: { clusterName: "east-1" } })) === 3,
      20_000,
    );
    // The resync follows the first answer at once; it does not wait out a 5 s long-poll.
    expect(resyncMs).toBeLessThan(4000);
    await putDesired(["a", "c"]);
    await until("re-converged", () => agent.observedGeneration === 3, 20_000);
    expect([...sim.owned.keys()].sort()).toEqual([
      "v1/ConfigMap/bookinfo/a",
      "v1/ConfigMap/bookinfo/c",
    ]);
  }, 30_000);

  it("after a restart converges again without duplicates or orphans", async () => {
    const first = await startAgent();
    await until("caught up", () => first.observedGeneration === 3);
    await first.stop();
    await putDesired(["d"]);
    const second = await startAgent();
    await until("converged", () => second.observedGeneration === 4);
    expect([...sim.owned.keys()]).toEqual(["v1/ConfigMap/bookinfo/d"]);
  });
});
