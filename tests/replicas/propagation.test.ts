// Two replicas, one fleet: a change made through replica A reaches the agents connected to B,
// and a credential revoked on A ends that cluster's stream on B at once. Real replicas
// (scripts/start.ts on the next build), real Postgres LISTEN/NOTIFY, real agents.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MeridianClient } from "@/agent/src/meridian-client";
import { waitFor } from "../../scripts/lib/processes";
import { userWithToken } from "../helpers/api";
import { appliedValue, configMap, joinCluster, type FleetAgent } from "./fleet";
import { api, startReplica, type Replica } from "./harness";

/** The bound on "at once": from the revoking request on A to the stream's end on B. */
const REVOKE_BOUND_MS = 1000;

describe("two replicas on one database", () => {
  let a: Replica;
  let b: Replica;
  let admin: string;
  const onA: FleetAgent[] = [];
  const onB: FleetAgent[] = [];

  beforeAll(async () => {
    [a, b] = await Promise.all([startReplica("a"), startReplica("b")]);
    admin = (await userWithToken("admin")).token;
    for (let i = 0; i < 3; i++) {
      onA.push(await joinCluster(`prop-a${i}`, [a.agentUrl, b.agentUrl]));
      onB.push(await joinCluster(`prop-b${i}`, [b.agentUrl, a.agentUrl]));
    }
    await waitFor("every agent connected", () => [...onA, ...onB].every((f) => f.agent.connected));
  });

  afterAll(async () => {
    await Promise.all([...onA, ...onB].map((f) => f.agent.stop()));
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it("applies a change made through replica A on the agents connected to replica B", async () => {
    const generations = new Map<string, number>();
    for (const f of onB) {
      const put = await api(a, admin, "PUT", `/api/v1/clusters/${f.cluster}/desired`, {
        resources: [configMap("from-a", `for-${f.cluster}`)],
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      generations.set(f.cluster, (put.body as { generation: number }).generation);
    }
    for (const f of onB) {
      const generation = generations.get(f.cluster)!;
      await waitFor(`${f.cluster} applies generation ${generation}`, () =>
        f.applied.includes(generation),
      );
      expect(appliedValue(f.sim, "from-a")).toBe(`for-${f.cluster}`);
      // Acknowledged through B, read back through B and through A: one database.
      for (const replica of [b, a]) {
        const state = await api(replica, admin, "GET", `/api/v1/clusters/${f.cluster}/desired`);
        expect(state.status).toBe(200);
        const observed = (
          state.body as {
            observed: { generation: number; results: { name: string; result: string }[] };
          }
        ).observed;
        expect(observed.generation).toBe(generation);
        expect(observed.results).toContainEqual(
          expect.objectContaining({ name: "from-a", result: "applied" }),
        );
      }
      // Served by B all along: no agent of B's moved to A.
      expect(f.client.url).toBe(b.agentUrl);
      expect(f.events.filter((e) => e.msg.startsWith("failover"))).toEqual([]);
    }
    // The agents on A were not sent anything meant for B's clusters.
    for (const f of onA) expect(appliedValue(f.sim, "from-a")).toBeUndefined();
  });

  it("ends the cluster's stream on replica B at once when its credential is revoked on A", async () => {
    const target = onB[0]!;
    const credential = await target.credential();
    expect(credential).toMatch(/^mrd_agent_/);
    // A second reader of the same stream on B, beside the agent's own, to time its end exactly.
    const reader = new MeridianClient(b.agentUrl, { credential });
    let opened = false;
    let endedAt = 0;
    const reading = (async () => {
      for await (const _ of reader.desiredStream(
        target.applied.at(-1) ?? 0,
        AbortSignal.timeout(60_000),
        () => {
          opened = true;
        },
      ));
      endedAt = performance.now();
    })();
    await waitFor("the reader's stream on B open", () => opened);

    const sentAt = performance.now();
    const revoked = await api(a, admin, "DELETE", `/api/v1/clusters/${target.cluster}/agent`);
    const answeredAt = performance.now();
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    await reading;
    const streamEndMs = endedAt - sentAt;
    const refused = await waitFor(
      "the agent on B refused",
      () =>
        target.events.some(
          (e) => e.level === "error" && /refused this agent's credential/.test(e.msg),
        ),
      REVOKE_BOUND_MS * 5,
      10,
    );
    const agentRefusedMs = target.events.find((e) => e.level === "error")!.at - sentAt;
    console.log(
      JSON.stringify({
        revokeOnA: {
          answeredMs: Math.round(answeredAt - sentAt),
          streamEndOnBMs: Math.round(streamEndMs),
          agentRefusedMs: Math.round(agentRefusedMs),
          waitedMs: Math.round(refused),
        },
      }),
    );
    expect(streamEndMs).toBeLessThan(REVOKE_BOUND_MS);
    expect(agentRefusedMs).toBeLessThan(REVOKE_BOUND_MS * 2);
    expect(target.agent.connected).toBe(false);
    // The old credential is refused on both replicas, not only where it was revoked.
    for (const replica of [a, b]) {
      const res = await fetch(`${replica.agentUrl}/api/agent/v1/desired?after=0&wait=0`, {
        headers: { authorization: `Bearer ${credential}` },
      });
      expect(res.status).toBe(401);
    }
    // The other clusters on B are untouched.
    for (const f of onB.slice(1)) expect(f.agent.connected).toBe(true);
  });
});
