// A replica killed (SIGKILL) mid-stream: its agents move to the other replica (their list of
// URLs), resend their inventory, and converge on the newest desired state — nothing lost.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../../scripts/lib/processes";
import { db } from "@/lib/store/client";
import { userWithToken } from "../helpers/api";
import { appliedValue, configMap, joinCluster, type FleetAgent } from "./fleet";
import { api, startReplica, type Replica } from "./harness";

describe("a replica killed mid-stream", () => {
  let a: Replica;
  let b: Replica;
  let admin: string;
  const onA: FleetAgent[] = [];
  const onB: FleetAgent[] = [];

  beforeAll(async () => {
    [a, b] = await Promise.all([startReplica("a"), startReplica("b")]);
    admin = (await userWithToken("admin")).token;
    for (let i = 0; i < 4; i++) onA.push(await joinCluster(`kill-a${i}`, [a.agentUrl, b.agentUrl]));
    for (let i = 0; i < 2; i++) onB.push(await joinCluster(`kill-b${i}`, [b.agentUrl, a.agentUrl]));
    await waitFor("every agent connected", () => [...onA, ...onB].every((f) => f.agent.connected));
  });

  afterAll(async () => {
    await Promise.all([...onA, ...onB].map((f) => f.agent.stop()));
    await Promise.all([a?.stop(), b?.stop()]);
  });

  const putDesired = async (replica: Replica, f: FleetAgent, value: string) => {
    const res = await api(replica, admin, "PUT", `/api/v1/clusters/${f.cluster}/desired`, {
      resources: [configMap("round", value)],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body as { generation: number }).generation;
  };

  it("moves A's agents to B, which converge with nothing lost", async () => {
    // Every agent holds generation 1, served by its own replica.
    for (const f of [...onA, ...onB]) {
      const g = await putDesired(b, f, "before");
      await waitFor(`${f.cluster} at ${g}`, () => f.applied.includes(g));
    }
    expect(onA.every((f) => f.client.url === a.agentUrl)).toBe(true);

    // Changes committed while A dies: through B, right before and right after the kill, so
    // some reach A's streams and some never do.
    const beforeKill = await Promise.all(onA.slice(0, 2).map((f) => putDesired(b, f, "at-kill")));
    await a.kill();
    const afterKill = await Promise.all(onA.map((f) => putDesired(b, f, "after-kill")));
    // Inventory that changes while the agents have no replica of their own.
    for (const f of onA)
      f.sim.upsertService({
        namespace: "shop",
        name: "born-in-outage",
        type: "ClusterIP",
        ports: [{ name: "http", port: 80, protocol: "TCP" }],
        labels: {},
        endpointsByZone: { a: { ready: 1, total: 1 } },
      });

    for (const [i, f] of onA.entries()) {
      await waitFor(
        `${f.cluster} converged through B`,
        () => f.applied.includes(afterKill[i]!) && appliedValue(f.sim, "round") === "after-kill",
        30_000,
      );
      expect(f.client.url).toBe(b.agentUrl);
      expect(f.events.some((e) => e.msg === `failover ${a.agentUrl} -> ${b.agentUrl}`)).toBe(true);
      // Acknowledged through B: the database holds what the agent applied.
      const state = await api(b, admin, "GET", `/api/v1/clusters/${f.cluster}/desired`);
      expect((state.body as { observed: { generation: number } }).observed.generation).toBe(
        afterKill[i],
      );
      // The inventory change made during the outage reached Meridian (a full resync on B).
      await waitFor(`${f.cluster}'s new service stored`, async () =>
        Boolean(
          await db().service.findFirst({
            where: { clusterName: f.cluster, namespace: "shop", name: "born-in-outage" },
          }),
        ),
      );
      expect(await db().service.count({ where: { clusterName: f.cluster } })).toBe(4);
    }
    expect(beforeKill.every((g, i) => g < afterKill[i]!)).toBe(true);
    // B's own agents never noticed.
    for (const f of onB) {
      expect(f.client.url).toBe(b.agentUrl);
      expect(f.agent.connected).toBe(true);
      expect(f.events.filter((e) => e.level !== "info")).toEqual([]);
    }
  });
});
