import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";
import * as register from "@/app/api/agent/v1/register/route";
import * as report from "@/app/api/agent/v1/report/route";
import * as desired from "@/app/api/agent/v1/desired/route";
import * as status from "@/app/api/agent/v1/status/route";
import * as joinTokens from "@/app/api/v1/clusters/[name]/join-tokens/route";
import * as clusterDesired from "@/app/api/v1/clusters/[name]/desired/route";
import * as clusterAgent from "@/app/api/v1/clusters/[name]/agent/route";
import * as cluster from "@/app/api/v1/clusters/[name]/route";
import { bookinfoFleet } from "@/lib/demo/bookinfo-fleet";
import { newAgentCredential } from "@/lib/agent-protocol/credential";
import { db } from "@/lib/store/client";
import { createCluster } from "@/lib/services/inventory/clusters";
import { createJoinToken } from "@/lib/services/agents/access";
import { resetDatabase } from "../helpers/db";
import { call, userWithToken } from "../helpers/api";
import { AGENT_INFO, registeredCluster } from "../helpers/agent";

const SYSTEM = { type: "system", label: "test" } as const;
const snapshotOf = (name: string) => bookinfoFleet().find((c) => c.cluster.name === name)!.snapshot;
const configMap = (name: string) => ({
  apiVersion: "v1",
  kind: "ConfigMap",
  metadata: { name, namespace: "bookinfo" },
  data: { a: "1" },
});

describe("agent registration", () => {
  let admin: string;
  beforeAll(async () => {
    await resetDatabase();
    admin = (await userWithToken("admin")).token;
    await createCluster({ name: "reg-1", region: "r" }, SYSTEM);
  });

  it("issues a join token once with the install command, and trades it for a credential", async () => {
    const issued = await call(joinTokens.POST, "POST", "/x", {
      token: admin,
      params: { name: "reg-1" },
    });
    expect(issued.status).toBe(201);
    const { token, installCommand } = issued.body as { token: string; installCommand: string };
    expect(token).toMatch(/^mrd_join_/);
    expect(installCommand).toContain(`--set joinToken=${token}`);
    expect(JSON.stringify(await db().joinToken.findMany())).not.toContain(token);

    const res = await call(register.POST, "POST", "/x", {
      body: { joinToken: token, agent: AGENT_INFO },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ cluster: "reg-1", state: "pending" });
    expect((res.body as { credential: string }).credential).toMatch(/^mrd_agent_/);

    const again = await call(register.POST, "POST", "/x", {
      body: { joinToken: token, agent: AGENT_INFO },
    });
    expect(again.status).toBe(401);
    expect(JSON.stringify(again.body)).toMatch(/already used/);
  });

  it("lets an agent retry a registration whose answer was lost, with its own credential", async () => {
    const { token } = await createJoinToken("reg-1", SYSTEM);
    const { credential, hash } = newAgentCredential();
    const body = { joinToken: token, agent: AGENT_INFO, credentialHash: hash };
    const first = await call(register.POST, "POST", "/x", { body });
    expect(first.status).toBe(201);
    expect(first.body).not.toHaveProperty("credential"); // the secret never crossed the wire
    const retry = await call(register.POST, "POST", "/x", { body });
    expect(retry.status).toBe(201);
    const other = await call(register.POST, "POST", "/x", {
      body: { ...body, credentialHash: newAgentCredential().hash },
    });
    expect(other.status).toBe(401);
    const hb = await call(report.POST, "POST", "/x", {
      token: credential,
      body: { kind: "heartbeat", agent: AGENT_INFO },
    });
    expect(hb.status).toBe(200);
  });

  it("accepts a retry sent while its own first attempt is still in flight, and only that", async () => {
    // An agent that gave up waiting (a queued, saturated plane) retries beside its first
    // attempt: the one that loses the token's row lock must find its own credential, not
    // answer "already used" (seen in bench/agents.ts runs on 12-03 and 12-04).
    const { token } = await createJoinToken("reg-1", SYSTEM);
    const { hash } = newAgentCredential();
    const body = { joinToken: token, agent: AGENT_INFO, credentialHash: hash };
    const mine = await Promise.all(
      Array.from({ length: 6 }, () => call(register.POST, "POST", "/x", { body })),
    );
    expect(mine.map((r) => r.status)).toEqual(Array(6).fill(201));
    const rivals = await createJoinToken("reg-1", SYSTEM);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(register.POST, "POST", "/x", {
          body: {
            joinToken: rivals.token,
            agent: AGENT_INFO,
            credentialHash: newAgentCredential().hash,
          },
        }),
      ),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 401)).toHaveLength(5);
  });

  it("refuses expired, revoked, unknown and malformed join tokens with clear errors", async () => {
    const revoked = await createJoinToken("reg-1", SYSTEM);
    await call(clusterAgent.DELETE, "DELETE", "/x", { token: admin, params: { name: "reg-1" } });
    const expired = await createJoinToken("reg-1", SYSTEM);
    await db().joinToken.update({
      where: { id: expired.id },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    const cases: [unknown, number, RegExp][] = [
      [{ joinToken: expired.token, agent: AGENT_INFO }, 401, /expired/],
      [{ joinToken: revoked.token, agent: AGENT_INFO }, 401, /revoked/],
      [{ joinToken: "mrd_join_" + "x".repeat(43), agent: AGENT_INFO }, 401, /Unknown join token/],
      [
        { joinToken: "mrd_agent_" + "x".repeat(43), agent: AGENT_INFO },
        401,
        /not a Meridian join token/,
      ],
      [{ joinToken: 42, agent: AGENT_INFO }, 400, /joinToken/],
      [{ joinToken: expired.token }, 400, /agent/],
    ];
    for (const [body, code, message] of cases) {
      const res = await call(register.POST, "POST", "/x", { body });
      expect(res.status).toBe(code);
      expect(JSON.stringify(res.body)).toMatch(message);
    }
  });
});

describe("agent reports", () => {
  let a: string;
  let b: string;
  let viewer: string;
  beforeAll(async () => {
    await resetDatabase();
    viewer = (await userWithToken("viewer")).token;
    a = await registeredCluster("east-1");
    b = await registeredCluster("east-2");
  });

  it("stores a snapshot for the credential's own cluster", async () => {
    const res = await call(report.POST, "POST", "/x", {
      token: a,
      body: { kind: "snapshot", agent: AGENT_INFO, snapshot: snapshotOf("east-1") },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ created: 3, updated: 0, removed: 0 });
    expect(await db().service.count({ where: { clusterName: "east-1" } })).toBe(3);
    expect(await db().service.count({ where: { clusterName: "east-2" } })).toBe(0);
    const row = await db().agent.findUniqueOrThrow({ where: { clusterName: "east-1" } });
    expect(row.lastSnapshotAt).not.toBeNull();
  });

  it("shows the agent's live status, version and last report to viewers (the panel polls it)", async () => {
    const res = await call(clusterAgent.GET, "GET", "/x", {
      token: viewer,
      params: { name: "east-1" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "east-1",
      serviceCount: 3,
      agent: { status: "connected", version: AGENT_INFO.version },
    });
    expect((res.body as { agent: { lastReportAt: string } }).agent.lastReportAt).not.toBeNull();
    const missing = await call(clusterAgent.GET, "GET", "/x", {
      token: viewer,
      params: { name: "nope" },
    });
    expect(missing.status).toBe(404);
  });

  it("applies deltas: a new endpoint shows up at once, deletes remove", async () => {
    const reviews = snapshotOf("east-1").services.find((s) => s.name === "reviews")!;
    const more = {
      ...reviews,
      endpointsByZone: { ...reviews.endpointsByZone, "us-east-1c": { ready: 1, total: 1 } },
    };
    const started = Date.now();
    const res = await call(report.POST, "POST", "/x", {
      token: a,
      body: {
        kind: "delta",
        agent: AGENT_INFO,
        upserts: [more],
        deletes: [{ namespace: "bookinfo", name: "details" }],
      },
    });
    expect(res.body).toEqual({ created: 0, updated: 1, removed: 1 });
    const svc = await db().service.findFirstOrThrow({
      where: { clusterName: "east-1", name: "reviews" },
    });
    expect(svc.endpointsReady).toBe(5);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("refuses malformed, oversized and wrongly-typed reports and changes nothing", async () => {
    const before = await db().service.count();
    const huge = "x".repeat(9 * 1024 * 1024);
    const cases: [Parameters<typeof call>[3], number][] = [
      [{ token: a, rawBody: "{nope" }, 400],
      [
        { token: a, body: { kind: "snapshot", agent: AGENT_INFO, snapshot: { services: "all" } } },
        400,
      ],
      [{ token: a, body: { kind: "gossip", agent: AGENT_INFO } }, 400],
      [{ token: a, body: { kind: "heartbeat", agent: AGENT_INFO, cluster: "east-2" } }, 400],
      [
        { token: a, rawBody: JSON.stringify({ kind: "heartbeat", agent: AGENT_INFO, pad: huge }) },
        413,
      ],
      [{ token: viewer, body: { kind: "heartbeat", agent: AGENT_INFO } }, 401],
      [{ body: { kind: "heartbeat", agent: AGENT_INFO } }, 401],
    ];
    for (const [opts, code] of cases)
      expect((await call(report.POST, "POST", "/x", opts)).status).toBe(code);
    expect(await db().service.count()).toBe(before);
  });

  it("stops accepting a revoked credential", async () => {
    const admin = (await userWithToken("admin")).token;
    await call(clusterAgent.DELETE, "DELETE", "/x", { token: admin, params: { name: "east-2" } });
    const res = await call(report.POST, "POST", "/x", {
      token: b,
      body: { kind: "heartbeat", agent: AGENT_INFO },
    });
    expect(res.status).toBe(401);
  });
});

describe("desired state", () => {
  let admin: string;
  let cred: string;
  beforeAll(async () => {
    await resetDatabase();
    admin = (await userWithToken("admin")).token;
    cred = await registeredCluster("west-1");
  });

  it("answers 204 when nothing newer arrives in time", async () => {
    const res = await call(desired.GET, "GET", "/x", {
      token: cred,
      search: { after: "0", wait: "0" },
    });
    expect(res.status).toBe(204);
  });

  it("wakes a waiting agent as soon as the desired state changes, with the managed-by label", async () => {
    const started = Date.now();
    const waiting = call(desired.GET, "GET", "/x", {
      token: cred,
      search: { after: "0", wait: "20" },
    });
    await new Promise((r) => setTimeout(r, 200));
    const put = await call(clusterDesired.PUT, "PUT", "/x", {
      token: admin,
      params: { name: "west-1" },
      body: { resources: [configMap("a")] },
    });
    expect(put.body).toEqual({ generation: 1, changed: true });
    const res = await waiting;
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.body).toMatchObject({
      generation: 1,
      resources: [
        {
          kind: "ConfigMap",
          metadata: { name: "a", labels: { "app.kubernetes.io/managed-by": "meridian" } },
        },
      ],
    });
  });

  it("does not bump the generation for the same content", async () => {
    const put = await call(clusterDesired.PUT, "PUT", "/x", {
      token: admin,
      params: { name: "west-1" },
      body: { resources: [configMap("a")] },
    });
    expect(put.body).toEqual({ generation: 1, changed: false });
  });

  it("records observed generation and results; refuses generations never issued", async () => {
    const ok = await call(status.POST, "POST", "/x", {
      token: cred,
      body: {
        generation: 1,
        results: [
          {
            apiVersion: "v1",
            kind: "ConfigMap",
            namespace: "bookinfo",
            name: "a",
            result: "applied",
          },
        ],
      },
    });
    expect(ok.status).toBe(204);
    const state = await call(clusterDesired.GET, "GET", "/x", {
      token: admin,
      params: { name: "west-1" },
    });
    expect(state.body).toMatchObject({
      desired: { generation: 1 },
      observed: { generation: 1, results: [{ result: "applied" }] },
    });
    const future = await call(status.POST, "POST", "/x", {
      token: cred,
      body: { generation: 7, results: [] },
    });
    expect(future.status).toBe(409);
    const after = await db().observedState.findUniqueOrThrow({ where: { clusterName: "west-1" } });
    expect(after.generation).toBe(1); // the refused report changed nothing
  });

  it("moves the change sets waiting on this cluster to applied or failed, with the reason", async () => {
    const waiting = async (title: string, generation: number) =>
      db().changeSet.create({
        data: { title, clusters: { create: { clusterName: "west-1", generation } } },
      });
    const reached = await waiting("reached", 1);
    const later = await waiting("later", 2);
    const report = (result: string, message?: string) =>
      call(status.POST, "POST", "/x", {
        token: cred,
        body: {
          generation: 1,
          results: [
            {
              apiVersion: "v1",
              kind: "ConfigMap",
              namespace: "bookinfo",
              name: "a",
              result,
              message,
            },
          ],
        },
      });
    expect((await report("conflict", "field managed by kubectl")).status).toBe(204);
    const rowOf = (id: string) =>
      db().changeSetCluster.findUniqueOrThrow({
        where: { changeSetId_clusterName: { changeSetId: id, clusterName: "west-1" } },
      });
    expect(await rowOf(reached.id)).toMatchObject({
      status: "failed",
      message: expect.stringContaining("field managed by kubectl"),
    });
    expect((await rowOf(later.id)).status).toBe("pending"); // generation 2 not reached yet
    const agentRow = await db().agent.findUniqueOrThrow({ where: { clusterName: "west-1" } });
    expect(agentRow.lastError).toMatch(/conflict/);
    expect((await report("applied")).status).toBe(204);
    expect((await rowOf(reached.id)).status).toBe("failed"); // settled rows stay settled
    expect(
      (await db().agent.findUniqueOrThrow({ where: { clusterName: "west-1" } })).lastError,
    ).toBeNull();
  });

  it("answers ?format=yaml with a YAML comment, not an empty body, when nothing is desired", async () => {
    // An empty 200 body is no YAML document (the contract fuzz read it as null).
    await registeredCluster("empty-1");
    const res = await clusterDesired.GET(
      new NextRequest("http://localhost:3000/x?format=yaml", {
        headers: { authorization: `Bearer ${admin}` },
      }),
      { params: Promise.resolve({ name: "empty-1" }) },
    );
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toBe("# empty-1: no desired resources\n");
    expect(parseAllDocuments(text).filter((d) => d.contents !== null)).toEqual([]);
  });

  it("holds desired state back from a pending cluster until an admin accepts it", async () => {
    const pending = await registeredCluster("pend-1", { accept: false });
    await call(clusterDesired.PUT, "PUT", "/x", {
      token: admin,
      params: { name: "pend-1" },
      body: { resources: [configMap("b")] },
    });
    expect(
      (await call(desired.GET, "GET", "/x", { token: pending, search: { after: "0", wait: "0" } }))
        .status,
    ).toBe(204);
    const waiting = call(desired.GET, "GET", "/x", {
      token: pending,
      search: { after: "0", wait: "20" },
    });
    await new Promise((r) => setTimeout(r, 200));
    const row = await db().cluster.findUniqueOrThrow({ where: { name: "pend-1" } });
    await call(cluster.PATCH, "PATCH", "/x", {
      token: admin,
      params: { name: "pend-1" },
      body: { version: row.version, state: "live" },
    });
    expect((await waiting).status).toBe(200);
  });
});
