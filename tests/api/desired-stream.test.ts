// The desired-state event stream over real HTTP: the production agent listener on loopback, read
// by the agent's own client (MeridianClient.desiredStream over its node:http transport).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MeridianClient, MeridianRefused } from "@/agent/src/meridian-client";
import type { DesiredResponse } from "@/lib/agent-protocol/messages";
import { db } from "@/lib/store/client";
import { revokeAgentAccess } from "@/lib/services/agents/access";
import { updateCluster } from "@/lib/services/inventory/clusters";
import { openDesiredStream } from "@/lib/api/desired-sse";
import { announceDesiredChange, writeDesiredState } from "@/lib/store/desired-state";
import { resetDatabase } from "../helpers/db";
import { configMap, desiredWatchers, registeredCluster } from "../helpers/agent";
import { startAgentApiServer, type AgentApiServer } from "../helpers/agent-api-server";

const SYSTEM = { type: "system", label: "test" } as const;

let api: AgentApiServer;
let base: string;

beforeAll(async () => {
  await resetDatabase();
  api = await startAgentApiServer();
  base = api.url;
});
afterAll(() => api.close());

/** Commit a desired set and wake this replica's waiters, as every writer does. */
async function publish(cluster: string, names: string[]): Promise<number> {
  const { generation } = await db().$transaction((tx) =>
    writeDesiredState(tx, cluster, names.map(configMap)),
  );
  announceDesiredChange(cluster);
  return generation;
}

type Next = IteratorResult<DesiredResponse, void>;
const QUIET = Symbol("nothing arrived");

/** The stream's next event, or QUIET when nothing came within `ms`. */
function within(next: Promise<Next>, ms: number): Promise<Next | typeof QUIET> {
  return Promise.race([next, new Promise<typeof QUIET>((r) => setTimeout(() => r(QUIET), ms))]);
}

function follow(credential: string, after: number) {
  const stop = new AbortController();
  let opened = false;
  const stream = new MeridianClient(base, { credential }).desiredStream(
    after,
    stop.signal,
    () => (opened = true),
  );
  return { stream, stop, opened: () => opened };
}

describe("desired-state event stream", () => {
  let a: string;
  let b: string;
  beforeAll(async () => {
    a = await registeredCluster("sse-a");
    b = await registeredCluster("sse-b");
  });

  it("refuses a missing credential (401) and a bad `after` (400) before streaming", async () => {
    expect((await fetch(`${base}/api/agent/v1/desired/stream`)).status).toBe(401);
    for (const bad of ["abc", "1.5", "-2", "1&x=1"]) {
      const res = await fetch(`${base}/api/agent/v1/desired/stream?after=${bad}`, {
        headers: { authorization: `Bearer ${a}` },
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("invalid_input");
    }
  });

  it("answers as an uncompressed, uncached event stream", async () => {
    const stop = new AbortController();
    const res = await fetch(`${base}/api/agent/v1/desired/stream?after=-1`, {
      headers: { authorization: `Bearer ${a}` },
      signal: stop.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(res.headers.get("cache-control")).toBe("no-cache, no-transform");
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    // At once, before any event: the agent knows it is connected.
    expect(first.startsWith(": keep-alive\n\n")).toBe(true);
    stop.abort();
  });

  it("pushes its own cluster's newer generations within a second, and no other's", async () => {
    const g1 = await publish("sse-a", ["one"]);
    const { stream, stop, opened } = follow(a, -1);
    const first = await stream.next();
    expect(opened()).toBe(true);
    expect(first.value).toMatchObject({
      generation: g1,
      resources: [{ metadata: { name: "one" } }],
    });

    await publish("sse-b", ["only-b"]);
    const pending = stream.next();
    expect(await within(pending, 300)).toBe(QUIET);

    const started = Date.now();
    const g2 = await publish("sse-a", ["one", "two"]);
    const second = await pending;
    expect(Date.now() - started).toBeLessThan(1000);
    expect(second.value).toMatchObject({ generation: g2 });
    expect((second.value as DesiredResponse).resources).toHaveLength(2);
    stop.abort();
    expect(await stream.next()).toEqual({ done: true, value: undefined });
  });

  it("sends nothing the agent already has", async () => {
    const current = (await db().desiredState.findUniqueOrThrow({ where: { clusterName: "sse-a" } }))
      .generation;
    const { stream, stop } = follow(a, current);
    expect(await within(stream.next(), 300)).toBe(QUIET);
    stop.abort();
  });

  it("holds a pending cluster's desired state back until an admin accepts it", async () => {
    const pending = await registeredCluster("sse-pending", { accept: false });
    await publish("sse-pending", ["held"]);
    const { stream, stop } = follow(pending, -1);
    const next = stream.next();
    expect(await within(next, 300)).toBe(QUIET);
    const c = await db().cluster.findUniqueOrThrow({ where: { name: "sse-pending" } });
    await updateCluster("sse-pending", { version: c.version, state: "live" }, SYSTEM);
    expect((await within(next, 1000)) as Next).toMatchObject({
      value: { resources: [{ metadata: { name: "held" } }] },
    });
    stop.abort();
  });

  it("ends at once when the credential is revoked; reopening it is refused with 401", async () => {
    const { stream, stop } = follow(b, 1_000_000);
    const next = stream.next();
    expect(await within(next, 200)).toBe(QUIET);
    await revokeAgentAccess("sse-b", SYSTEM);
    expect(await within(next, 1000)).toEqual({ done: true, value: undefined });
    const again = follow(b, -1);
    await expect(again.stream.next()).rejects.toMatchObject({ status: 401 });
    await expect(follow(b, -1).stream.next()).rejects.toBeInstanceOf(MeridianRefused);
    stop.abort();
  });
});

describe("desired-state stream lifetime", () => {
  it("sends keep-alives, ends cleanly at its deadline, and stops watching", async () => {
    await registeredCluster("sse-life");
    const watchers = () => desiredWatchers("sse-life");
    const body = await openDesiredStream({
      clusterName: "sse-life",
      after: 0,
      signal: new AbortController().signal,
      stillValid: async () => true,
      keepAliveMs: 40,
      maxMs: 300,
    });
    expect(watchers()).toBe(1);
    let text = "";
    const started = Date.now();
    const reader = body.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read())
      text += new TextDecoder().decode(r.value as Uint8Array);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(text.split(": keep-alive\n\n").length - 1).toBeGreaterThanOrEqual(4);
    expect(text).not.toContain("event:");
    expect(watchers()).toBe(0);
  });

  it("stops watching as soon as its reader goes away", async () => {
    const gone = new AbortController();
    const body = await openDesiredStream({
      clusterName: "sse-life",
      after: -1,
      signal: gone.signal,
      stillValid: async () => true,
    });
    expect(desiredWatchers("sse-life")).toBe(1);
    gone.abort();
    await body.cancel();
    await new Promise((r) => setTimeout(r, 20));
    expect(desiredWatchers("sse-life")).toBe(0);
  });

  it("stops watching when its body is cancelled, even with the request still open", async () => {
    // A client that drops the body (the agent stopping, a proxy giving up) without the request's
    // signal firing: the cancel must reach the event source through the SSE encoding.
    const body = await openDesiredStream({
      clusterName: "sse-life",
      after: -1,
      signal: new AbortController().signal,
      stillValid: async () => true,
    });
    // As a server hands it on: the body piped into the connection's own stream.
    const wire = new TransformStream<Uint8Array, Uint8Array>();
    void body.pipeTo(wire.writable).catch(() => undefined);
    const reader = wire.readable.getReader();
    await reader.read(); // connected: the first keep-alive
    expect(desiredWatchers("sse-life")).toBe(1);
    await reader.cancel();
    await new Promise((r) => setTimeout(r, 50));
    expect(desiredWatchers("sse-life")).toBe(0);
  });

  it("produces at most one set ahead of a reader that does not read; missed changes fold into the latest (issue 23)", async () => {
    await registeredCluster("sse-slow");
    const after = await publish("sse-slow", ["v0"]);
    const body = await openDesiredStream({
      clusterName: "sse-slow",
      after,
      signal: new AbortController().signal,
      stillValid: async () => true,
    });
    // As a server hands it on (the node:http bridge waits for the socket in the same way).
    const wire = new TransformStream<Uint8Array, Uint8Array>();
    void body.pipeTo(wire.writable).catch(() => undefined);
    const reader = wire.readable.getReader();
    const decoder = new TextDecoder();
    const events = async () => {
      const out: string[] = [];
      for (;;) {
        const r = await within(reader.read() as Promise<Next>, 300);
        if (r === QUIET || r.done) return out;
        out.push(decoder.decode(r.value as unknown as Uint8Array));
      }
    };
    // The reader is stuck while twenty changes are committed.
    let latest = after;
    for (let i = 1; i <= 20; i++) latest = await publish("sse-slow", [`v${i}`]);
    await new Promise((r) => setTimeout(r, 200));
    const got = (await events()).join("");
    const generations = [...got.matchAll(/"generation":(\d+)/g)].map((m) => Number(m[1]));
    // Of the twenty changes, at most the one taken while the pipe waited for the reader (it
    // reads one event ahead), then the latest: the rest were never read from the database.
    expect(generations.length).toBeLessThanOrEqual(2);
    expect(generations.at(-1)).toBe(latest);
    expect(got).toContain('"name":"v20"');
    await reader.cancel();
  });
});
