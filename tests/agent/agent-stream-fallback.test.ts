// The agent against a Meridian that serves no desired-state stream (an older release): the real
// agent API with the stream route answered 404, as such a server would. The agent must still
// converge, by long-polling, and say so once in its log.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "@/agent/src/agent";
import { memoryCredentialStore } from "@/agent/src/credential-file";
import { createLog } from "@/agent/src/log";
import { MeridianClient } from "@/agent/src/meridian-client";
import { SimulatedCluster } from "@/agent/src/simulated/simulated-cluster";
import { AGENT_API } from "@/lib/agent-protocol/messages";
import { loadFleetFile } from "@/lib/agent-protocol/fleet-file";
import { db } from "@/lib/store/client";
import { createJoinToken } from "@/lib/services/agents/access";
import { createCluster, updateCluster } from "@/lib/services/inventory/clusters";
import { announceDesiredChange, writeDesiredState } from "@/lib/store/desired-state";
import { waitFor } from "../../scripts/lib/processes";
import { resetDatabase } from "../helpers/db";
import { inProcessFetch } from "../helpers/in-process-fetch";

const SYSTEM = { type: "system", label: "test" } as const;

describe("agent against a Meridian without the desired-state stream", () => {
  const lines: string[] = [];
  const asked: string[] = [];
  let agent: Agent;

  beforeAll(async () => {
    await resetDatabase();
    const c = await createCluster({ name: "east-1", region: "us-east-1" }, SYSTEM);
    await updateCluster("east-1", { version: c.version, state: "live" }, SYSTEM);
    const real = inProcessFetch();
    const olderMeridian = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input)).pathname;
      asked.push(path);
      if (path === AGENT_API.desiredStream)
        return Response.json({ error: { code: "not_found", message: "no" } }, { status: 404 });
      return real(input, init);
    }) as typeof fetch;
    const sim = new SimulatedCluster(loadFleetFile().clusters.find((x) => x.name === "east-1")!);
    agent = new Agent({
      client: new MeridianClient("http://meridian.test", { fetch: olderMeridian }),
      inventory: sim,
      writer: sim,
      credentials: memoryCredentialStore(),
      joinToken: (await createJoinToken("east-1", SYSTEM)).token,
      info: { version: "test", hostname: "h", simulated: true },
      log: createLog({}, (line) => lines.push(line)),
      longPollSeconds: 5,
    });
    await agent.start();
  });
  afterAll(() => agent.stop());

  it("long-polls instead, converges, and says why once", async () => {
    const { generation } = await db().$transaction((tx) =>
      writeDesiredState(tx, "east-1", [
        { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "a", namespace: "bookinfo" } },
      ]),
    );
    announceDesiredChange("east-1");
    await waitFor("applied", () => agent.observedGeneration === generation, 5000, 20);
    expect(asked.filter((p) => p === AGENT_API.desiredStream)).toHaveLength(1);
    expect(asked).toContain(AGENT_API.desired);
    const said = lines.map((l) => JSON.parse(l) as { level: string; msg: string });
    expect(said.filter((l) => /no desired-state stream/.test(l.msg))).toEqual([
      expect.objectContaining({ level: "info" }),
    ]);
    expect(said.filter((l) => l.level !== "info")).toEqual([]);
  });
});
