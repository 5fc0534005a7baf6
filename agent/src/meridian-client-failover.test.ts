// MeridianClient with several URLs (replicas on one database), over the real node:http transport
// and real local servers: a URL that cannot serve sends the next request to the next URL.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { loadAgentConfig } from "./config";
import { MeridianClient, MeridianRefused, MeridianUnavailable } from "./meridian-client";

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (s) =>
        new Promise<void>((r) => {
          s.closeAllConnections();
          s.close(() => r());
        }),
    ),
  );
});

type Replica = { url: string; hits: string[]; server: Server };

/** A stand-in replica answering every request with `handler` and recording its paths. */
async function replica(
  handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.statusCode = 202;
    res.end("{}");
  },
): Promise<Replica> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? "");
    handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits, server };
}

/** A URL nothing listens on (a replica that was killed). */
async function deadUrl(): Promise<string> {
  const r = await replica();
  await new Promise<void>((done) => r.server.close(() => done()));
  servers.splice(servers.indexOf(r.server), 1);
  return r.url;
}

const heartbeat = {
  kind: "heartbeat" as const,
  agent: { version: "t", hostname: "h", simulated: true },
};

describe("MeridianClient with several URLs", () => {
  it("moves to the next URL when the current one is unreachable, and stays there", async () => {
    const dead = await deadUrl();
    const live = await replica();
    const moves: string[] = [];
    const client = new MeridianClient([dead, live.url], {
      onFailover: (from, to) => moves.push(`${from} -> ${to}`),
    });
    expect(client.url).toBe(dead);
    await expect(client.report(heartbeat)).rejects.toBeInstanceOf(MeridianUnavailable);
    expect(client.url).toBe(live.url);
    await client.report(heartbeat);
    await client.report(heartbeat);
    expect(live.hits).toEqual(["/api/agent/v1/report", "/api/agent/v1/report"]);
    expect(moves).toEqual([`${dead} -> ${live.url}`]);
  });

  it("moves on a 5xx answer too, but not on a refusal (4xx)", async () => {
    const failing = await replica((_req, res) => {
      res.statusCode = 503;
      res.setHeader("retry-after", "1");
      res.end("{}");
    });
    const refusing = await replica((_req, res) => {
      res.statusCode = 401;
      res.end(JSON.stringify({ error: { code: "unauthenticated", message: "revoked" } }));
    });
    const client = new MeridianClient([failing.url, refusing.url]);
    await expect(client.report(heartbeat)).rejects.toBeInstanceOf(MeridianUnavailable);
    expect(client.url).toBe(refusing.url);
    await expect(client.report(heartbeat)).rejects.toBeInstanceOf(MeridianRefused);
    expect(client.url).toBe(refusing.url);
  });

  it("moves once when requests in flight fail together (not twice, back to the dead one)", async () => {
    const dead = await deadUrl();
    const second = await replica();
    const third = await replica();
    const client = new MeridianClient([dead, second.url, third.url]);
    const results = await Promise.allSettled([
      client.report(heartbeat),
      client.report(heartbeat),
      client.status({ generation: 1, results: [] }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected"]);
    expect(client.url).toBe(second.url);
  });

  it("wraps around the list, and goes back to the first on returnToFirst", async () => {
    const [a, b] = [await deadUrl(), await deadUrl()];
    const client = new MeridianClient([a, b]);
    client.returnToFirst(); // already there: nothing moves
    expect(client.url).toBe(a);
    await expect(client.report(heartbeat)).rejects.toBeInstanceOf(MeridianUnavailable);
    expect(client.url).toBe(b);
    await expect(client.report(heartbeat)).rejects.toBeInstanceOf(MeridianUnavailable);
    expect(client.url).toBe(a);
    await expect(client.report(heartbeat)).rejects.toBeInstanceOf(MeridianUnavailable);
    expect(client.url).toBe(b);
    client.returnToFirst();
    expect(client.url).toBe(a);
  });

  it("moves on when a desired-state stream breaks mid-way (the replica died)", async () => {
    const dying = await replica((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(": keep-alive\n\n");
      // The process dies with the connection open: the socket is cut, no clean end.
      setTimeout(() => res.socket?.destroy(), 50);
    });
    const other = await replica();
    const client = new MeridianClient([dying.url, other.url]);
    let opened = false;
    const events: unknown[] = [];
    const read = async () => {
      for await (const e of client.desiredStream(0, new AbortController().signal, () => {
        opened = true;
      }))
        events.push(e);
    };
    await expect(read()).rejects.toBeInstanceOf(MeridianUnavailable);
    expect(opened).toBe(true);
    expect(events).toEqual([]);
    expect(client.url).toBe(other.url);
  });

  it("a 429 (an abuse limit) is worth retrying later, not a refusal", async () => {
    const limited = await replica((_req, res) => {
      res.statusCode = 429;
      res.setHeader("retry-after", "30");
      res.end(JSON.stringify({ error: { code: "rate_limited", message: "Try again in 30 s" } }));
    });
    const client = new MeridianClient(limited.url);
    const attempt = client.register("mrd_join_x", heartbeat.agent, "hash");
    await expect(attempt).rejects.toBeInstanceOf(MeridianUnavailable);
    await expect(attempt).rejects.not.toBeInstanceOf(MeridianRefused);
  });

  it("a single URL stays the URL whatever fails", async () => {
    const dead = await deadUrl();
    const client = new MeridianClient(dead);
    await expect(client.report(heartbeat)).rejects.toBeInstanceOf(MeridianUnavailable);
    expect(client.url).toBe(dead);
    expect(() => new MeridianClient([])).toThrow(/at least one URL/);
  });
});

const configOf = (env: Record<string, string>) => loadAgentConfig(env as NodeJS.ProcessEnv);

describe("MERIDIAN_URL", () => {
  it("takes one URL or several separated by commas", () => {
    expect(configOf({ MERIDIAN_URL: "https://m.example.com" }).MERIDIAN_URL).toEqual([
      "https://m.example.com",
    ]);
    expect(
      configOf({ MERIDIAN_URL: "https://a.example.com:3001, https://b.example.com:3001" })
        .MERIDIAN_URL,
    ).toEqual(["https://a.example.com:3001", "https://b.example.com:3001"]);
  });

  it("names what is wrong with a bad list", () => {
    expect(() => configOf({ MERIDIAN_URL: "https://a.example.com,not a url" })).toThrow(
      /MERIDIAN_URL\.1: MERIDIAN_URL must be Meridian's base URL/,
    );
    expect(() => configOf({ MERIDIAN_URL: " , " })).toThrow(/at least one URL/);
    expect(() => configOf({})).toThrow(/MERIDIAN_URL/);
  });

  it("hands the retry: Retry-After and the error code of a 503, and a 429 as retryable", async () => {
    const saturated = await replica((_req, res) => {
      res.statusCode = 503;
      res.setHeader("retry-after", "7");
      res.end(JSON.stringify({ error: { code: "saturated", message: "busy" } }));
    });
    const limited = await replica((_req, res) => {
      res.statusCode = 429;
      res.setHeader("retry-after", "30");
      res.end(JSON.stringify({ error: { code: "rate_limited", message: "slow down" } }));
    });
    const busy = await new MeridianClient(saturated.url).report(heartbeat).catch((e: unknown) => e);
    expect(busy).toBeInstanceOf(MeridianUnavailable);
    expect(busy).toMatchObject({ retryAfterMs: 7000, code: "saturated" });
    const slow = await new MeridianClient(limited.url).report(heartbeat).catch((e: unknown) => e);
    expect(slow).toBeInstanceOf(MeridianUnavailable);
    expect(slow).toMatchObject({ retryAfterMs: 30_000, code: "rate_limited" });
  });
});
