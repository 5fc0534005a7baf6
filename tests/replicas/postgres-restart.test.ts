// Postgres restarted under agent load (`pg_ctl restart -m fast` on the suite's own server):
// both replicas answer 503 with Retry-After while it is down (never 500), heal by themselves,
// and lose no write they acknowledged.
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { waitFor } from "../../scripts/lib/processes";
import { db } from "@/lib/store/client";
import { userWithToken } from "../helpers/api";
import { appliedValue, configMap, joinCluster, type FleetAgent } from "./fleet";
import { api, startReplica, type Replica } from "./harness";
import { restartPostgres } from "./postgres";

type Answer = {
  replica: string;
  what: string;
  /** The cluster created, or the cluster whose desired state was written. */
  name: string;
  status: number;
  retryAfter: string | null;
  body: unknown;
};

describe("a Postgres restart under agent load", () => {
  let replicas: Replica[];
  let admin: string;
  const agents: FleetAgent[] = [];

  beforeAll(async () => {
    replicas = await Promise.all([startReplica("a"), startReplica("b")]);
    admin = (await userWithToken("admin")).token;
    for (let i = 0; i < 4; i++) {
      const [own, other] = i % 2 ? [replicas[1]!, replicas[0]!] : [replicas[0]!, replicas[1]!];
      agents.push(await joinCluster(`pgr-${i}`, [own.agentUrl, other.agentUrl], 20));
    }
    await waitFor("every agent connected", () => agents.every((f) => f.agent.connected));
  });

  afterAll(async () => {
    await Promise.all(agents.map((f) => f.agent.stop()));
    await Promise.all(replicas.map((r) => r.stop()));
  });

  it("answers 503 with Retry-After while it is down, heals, and keeps every acknowledged write", async () => {
    const answers: Answer[] = [];
    /** Clusters the API acknowledged creating (201). */
    const created: string[] = [];
    /** Per agent's cluster: the generations a PUT of desired state acknowledged (200). */
    const desiredAcks = new Map<string, number[]>(agents.map((f) => [f.cluster, []]));
    let stop = false;
    let seq = 0;

    // Writers through both replicas: new clusters and new desired states for the agents.
    const writer = async (w: number) => {
      while (!stop) {
        const replica = replicas[(seq + w) % 2]!;
        const n = seq++;
        const f = agents[Math.floor(n / 2) % agents.length]!;
        const write =
          n % 2
            ? {
                what: "create cluster",
                name: `pgr-new-${n}`,
                method: "POST",
                path: "/api/v1/clusters",
                body: { name: `pgr-new-${n}`, region: "region-1" },
              }
            : {
                what: "put desired",
                name: f.cluster,
                method: "PUT",
                path: `/api/v1/clusters/${f.cluster}/desired`,
                body: { resources: [configMap("load", String(n))] },
              };
        try {
          const res = await api(replica, admin, write.method, write.path, write.body);
          answers.push({
            replica: replica.name,
            what: write.what,
            name: write.name,
            status: res.status,
            retryAfter: res.retryAfter,
            body: res.body,
          });
          if (res.status === 201) created.push(write.name);
          if (res.status === 200 && write.what === "put desired")
            desiredAcks.get(f.cluster)!.push((res.body as { generation: number }).generation);
          if (res.status >= 500) await new Promise((r) => setTimeout(r, 50));
        } catch (error) {
          answers.push({
            replica: replica.name,
            what: write.what,
            name: write.name,
            status: 0,
            retryAfter: null,
            body: String(error),
          });
        }
      }
    };
    // Agent load: every agent's inventory changes all the time (deltas through its replica).
    let tick = 0;
    const churn = setInterval(() => {
      tick++;
      for (const f of agents)
        f.sim.upsertService({
          namespace: "shop",
          name: "churn",
          type: "ClusterIP",
          ports: [{ name: "http", port: 8000 + (tick % 100), protocol: "TCP" }],
          labels: {},
          endpointsByZone: { a: { ready: 1, total: 1 } },
        });
    }, 100);
    const writers = [0, 1, 2, 3].map(writer);

    await waitFor("writes acknowledged before the restart", () => created.length >= 10, 30_000);
    const before = answers.length;
    const t0 = performance.now();
    await restartPostgres(inject("replicasPgData"));
    const restartMs = Math.round(performance.now() - t0);
    const restartedAt = answers.length;
    // Healed by themselves: each replica acknowledges writes again, nobody restarted them.
    const healedAfterMs: Record<string, number> = {};
    for (const r of replicas)
      healedAfterMs[r.name] = Math.round(
        await waitFor(
          `replica ${r.name} serving writes again`,
          () => answers.slice(restartedAt).some((x) => x.replica === r.name && x.status < 300),
          30_000,
          20,
        ),
      );
    await new Promise((r) => setTimeout(r, 1000));
    stop = true;
    clearInterval(churn);
    await Promise.all(writers);

    const statuses = answers.reduce<Record<number, number>>(
      (m, a) => ({ ...m, [a.status]: (m[a.status] ?? 0) + 1 }),
      {},
    );
    console.log(
      JSON.stringify({
        restartMs,
        healedAfterMs,
        answers: answers.length,
        beforeRestart: before,
        statuses,
        created: created.length,
      }),
    );
    // Never a 500, never a dropped connection: 2xx, or 503 with Retry-After.
    const bad = answers.filter(
      (a) => !(a.status === 200 || a.status === 201 || (a.status === 503 && a.retryAfter)),
    );
    expect(bad.slice(0, 5)).toEqual([]);
    // The restart was seen: some writes were refused with 503 while Postgres was down.
    expect(statuses[503] ?? 0).toBeGreaterThan(0);

    // Nothing acknowledged was lost.
    const stored = new Set(
      (
        await db().cluster.findMany({
          where: { name: { startsWith: "pgr-new-" } },
          select: { name: true },
        })
      ).map((c) => c.name),
    );
    expect(created.filter((name) => !stored.has(name))).toEqual([]);
    // A write may have committed while its answer was lost with the connection (a 503 the
    // client retries): more may be stored than acknowledged, but only what was asked for.
    const asked = new Set(answers.filter((x) => x.what === "create cluster").map((x) => x.name));
    expect([...stored].filter((name) => !asked.has(name))).toEqual([]);
    for (const f of agents) {
      const acked = desiredAcks.get(f.cluster)!;
      const last = Math.max(...acked);
      // The desired generation is at least the last one acknowledged, and every agent applies
      // the newest (level-triggered: through a stream reopened after the restart).
      const state = await api(replicas[0]!, admin, "GET", `/api/v1/clusters/${f.cluster}/desired`);
      const desired = (state.body as { desired: { generation: number } }).desired.generation;
      expect(desired).toBeGreaterThanOrEqual(last);
      await waitFor(
        `${f.cluster} applies generation ${desired}`,
        () => f.applied.includes(desired),
        30_000,
      );
      // Every acknowledgement the agent got is in the database.
      const observed = await api(
        replicas[1]!,
        admin,
        "GET",
        `/api/v1/clusters/${f.cluster}/desired`,
      );
      expect((observed.body as { observed: { generation: number } }).observed.generation).toBe(
        desired,
      );
      // The inventory the agent reported after the restart arrived.
      const port = 8000 + (tick % 100);
      await waitFor(
        `${f.cluster}'s last inventory change stored`,
        async () => {
          const svc = await db().service.findFirst({
            where: { clusterName: f.cluster, name: "churn" },
          });
          return JSON.stringify(svc?.ports ?? "").includes(String(port));
        },
        30_000,
      );
      expect(appliedValue(f.sim, "load")).toBeDefined();
      // The agents saw 503s at worst, never a 500.
      expect(f.events.filter((e) => /answered 5(?!03)/.test(e.detail))).toEqual([]);
    }

    // The NOTIFY listener healed too: a change through A reaches an agent connected to B now.
    const onB = agents[1]!;
    const put = await api(replicas[0]!, admin, "PUT", `/api/v1/clusters/${onB.cluster}/desired`, {
      resources: [configMap("load", "after-restart")],
    });
    expect(put.status).toBe(200);
    const g = (put.body as { generation: number }).generation;
    await waitFor(
      `${onB.cluster} hears of generation ${g} through B`,
      () => onB.applied.includes(g),
      10_000,
    );
  });
});
