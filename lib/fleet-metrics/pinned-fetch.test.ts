// The pinned fetch connects to exactly the addresses the SSRF guard vetted (DNS pinning),
// keeps the URL's host as the Host header, refuses what the guard refuses before any
// connection, never follows redirects and caps the body. Local HTTP servers stand in for
// sources (a real Prometheus is exercised in tests/metrics).
import { createServer, type Server } from "node:http";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createPinnedFetch, ResponseTooLargeError } from "@/lib/fleet-metrics/pinned-fetch";
import { createSsrfGuard, SsrfError, type HostResolver } from "@/lib/fleet-metrics/ssrf-guard";

let server: Server;
let port = 0;
const seen: Array<{ url: string; host: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? "", host: req.headers.host ?? "" });
    if (req.url === "/redirect")
      return void res.writeHead(302, { location: "http://10.0.0.1/" }).end();
    if (req.url === "/big") return void res.end("x".repeat(5000));
    res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const addr = server.address();
  port = typeof addr === "object" && addr ? addr.port : 0;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

// A name only this resolver knows: if the request reaches the server, the connection used
// the vetted address rather than a second, real DNS lookup.
const resolver: HostResolver = async (host) =>
  host === "prometheus.pinned.test"
    ? [{ address: "127.0.0.1", family: 4 }]
    : [{ address: "10.9.9.9", family: 4 }];

describe("pinned fetch", () => {
  it("connects to the vetted address and keeps the Host header", async () => {
    const guard = createSsrfGuard({ allow: ["127.0.0.1/32"], resolver });
    const res = await createPinnedFetch({ guard })(`http://prometheus.pinned.test:${port}/api`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(seen.at(-1)).toEqual({ url: "/api", host: `prometheus.pinned.test:${port}` });
  });

  it("refuses before connecting when the name resolves to a refused address", async () => {
    const before = seen.length;
    const guard = createSsrfGuard({ resolver });
    await expect(
      createPinnedFetch({ guard })(`http://other.pinned.test:${port}/`),
    ).rejects.toBeInstanceOf(SsrfError);
    await expect(createPinnedFetch({ guard })(`http://127.0.0.1:${port}/`)).rejects.toBeInstanceOf(
      SsrfError,
    );
    expect(seen.length).toBe(before);
  });

  it("returns a redirect as-is instead of following it", async () => {
    const guard = createSsrfGuard({ allow: ["127.0.0.1/32"] });
    const res = await createPinnedFetch({ guard })(`http://127.0.0.1:${port}/redirect`);
    expect(res.status).toBe(302);
    expect(seen.at(-1)?.url).toBe("/redirect");
  });

  it("caps the body", async () => {
    const guard = createSsrfGuard({ allow: ["127.0.0.1/32"] });
    await expect(
      createPinnedFetch({ guard, maxBodyBytes: 1000 })(`http://127.0.0.1:${port}/big`),
    ).rejects.toBeInstanceOf(ResponseTooLargeError);
  });
});
