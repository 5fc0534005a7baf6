// The agent API served by the plain node:http listener (instrumentation.ts, MERIDIAN_AGENT_PORT)
// over real HTTP: the same handlers and credential check as under `next start`, bad input 4xx.
import type { Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAgentListener } from "@/app/api/agent/v1/agent-listener";
import { db } from "@/lib/store/client";
import { revokeAgentAccess } from "@/lib/services/agents/access";
import { announceDesiredChange, writeDesiredState } from "@/lib/store/desired-state";
import { resetDatabase } from "../helpers/db";
import { AGENT_INFO, configMap, registeredCluster } from "../helpers/agent";

const SYSTEM = { type: "system", label: "test" } as const;

let server: Server;
let base: string;

async function send(
  method: string,
  path: string,
  opts: { token?: string; raw?: string; body?: unknown; type?: string } = {},
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const raw = opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  if (raw !== undefined) headers["content-type"] = opts.type ?? "application/json";
  const res = await fetch(`${base}${path}`, { method, headers, body: raw });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
}

beforeAll(async () => {
  await resetDatabase();
  server = await startAgentListener(0, "127.0.0.1");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("agent listener", () => {
  let a: string;
  let b: string;
  beforeAll(async () => {
    a = await registeredCluster("lis-a");
    b = await registeredCluster("lis-b");
  });

  it("answers 401 without or with a wrong credential, 404 off the agent API", async () => {
    expect((await send("GET", "/api/agent/v1/desired?after=0&wait=0")).status).toBe(401);
    const wrong = await send("GET", "/api/agent/v1/desired?after=0&wait=0", { token: "mrd_x" });
    expect(wrong.status).toBe(401);
    expect((await send("GET", "/api/v1/clusters", { token: a })).status).toBe(404);
    expect((await send("GET", "/api/agent/v1/status", { token: a })).status).toBe(404);
  });

  it("stores a report for the credential's own cluster only", async () => {
    const snapshot = {
      kind: "snapshot",
      agent: AGENT_INFO,
      snapshot: {
        services: [{ namespace: "bookinfo", name: "ratings", type: "ClusterIP", ports: [] }],
        meshes: [],
      },
    };
    const res = await send("POST", "/api/agent/v1/report", { token: a, body: snapshot });
    expect(res.status).toBe(200);
    const stored = await db().service.findMany({ select: { clusterName: true, name: true } });
    expect(stored).toEqual([{ clusterName: "lis-a", name: "ratings" }]);
  });

  it("long-polls: 204 in time, wakes on a change, and never shows another cluster's state", async () => {
    const idle = await send("GET", "/api/agent/v1/desired?after=0&wait=0", { token: a });
    expect(idle.status).toBe(204);
    const waitingA = send("GET", "/api/agent/v1/desired?after=0&wait=1", { token: a });
    const waitingB = send("GET", "/api/agent/v1/desired?after=0&wait=20", { token: b });
    await new Promise((r) => setTimeout(r, 200));
    const started = Date.now();
    await db().$transaction((tx) => writeDesiredState(tx, "lis-b", [configMap("only-b")]));
    announceDesiredChange("lis-b"); // as every writer does after its commit
    const gotB = await waitingB;
    expect(Date.now() - started).toBeLessThan(2000);
    expect(gotB).toMatchObject({
      status: 200,
      body: { generation: 1, resources: [{ metadata: { name: "only-b" } }] },
    });
    expect((await waitingA).status).toBe(204); // lis-b's change is not lis-a's
    const ack = await send("POST", "/api/agent/v1/status", {
      token: b,
      body: { generation: 1, results: [] },
    });
    expect(ack.status).toBe(204);
    // lis-a's credential cannot acknowledge lis-b's generation: lis-a was never issued one.
    const foreign = await send("POST", "/api/agent/v1/status", {
      token: a,
      body: { generation: 1, results: [] },
    });
    expect(foreign.status).toBe(409);
  });

  it("refuses malformed, wrongly typed and oversized bodies with 4xx", async () => {
    const path = "/api/agent/v1/report";
    expect((await send("POST", path, { token: a, raw: "{bad" })).status).toBe(400);
    expect((await send("POST", path, { token: a, raw: "{}", type: "text/plain" })).status).toBe(
      415,
    );
    expect((await send("POST", path, { token: a, body: { kind: "other" } })).status).toBe(400);
    const huge = JSON.stringify({ kind: "heartbeat", agent: AGENT_INFO, pad: "x".repeat(9e6) });
    expect((await send("POST", path, { token: a, raw: huge })).status).toBe(413);
    const reg = await send("POST", "/api/agent/v1/register", { body: { joinToken: "nope" } });
    expect(reg.status).toBe(400);
  });

  it("keeps serving after a client goes away halfway through its body", async () => {
    const port = (server.address() as AddressInfo).port;
    const socket = connect(port, "127.0.0.1");
    await new Promise<void>((r) => socket.once("connect", () => r()));
    socket.write(
      `POST /api/agent/v1/report HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${a}\r\n` +
        `content-type: application/json\r\ncontent-length: 1000\r\n\r\n{"kind":`,
    );
    await new Promise((r) => setTimeout(r, 50));
    socket.destroy();
    await new Promise((r) => setTimeout(r, 50));
    const res = await send("POST", "/api/agent/v1/report", {
      token: a,
      body: { kind: "heartbeat", agent: AGENT_INFO },
    });
    expect(res.status).toBe(200);
  });

  it("answers no 5xx to 300 random bodies on every endpoint", async () => {
    const paths = ["/api/agent/v1/report", "/api/agent/v1/status", "/api/agent/v1/register"];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), fc.anything(), async (path, body) => {
        const raw = JSON.stringify(body) ?? "null";
        expect((await send("POST", path, { token: a, raw })).status).toBeLessThan(500);
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it("stops accepting a revoked credential", async () => {
    await revokeAgentAccess("lis-b", SYSTEM);
    const res = await send("POST", "/api/agent/v1/report", {
      token: b,
      body: { kind: "heartbeat", agent: AGENT_INFO },
    });
    expect(res.status).toBe(401);
  });
});
