// The client against a local HTTP server speaking the Prometheus API envelope (a test
// double for Prometheus's answers; tests/metrics runs the real thing).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { fanOut } from "@/lib/fleet-metrics/fan-out";
import {
  createPrometheusClient,
  PrometheusQueryError,
  validateRange,
  type PrometheusSource,
} from "@/lib/fleet-metrics/prometheus-client";
import { parseSampleValue } from "@/lib/fleet-metrics/prometheus-schema";
import { createSsrfGuard } from "@/lib/fleet-metrics/ssrf-guard";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
let handler: Handler;
let seen: IncomingMessage[];
let server: Server;
let source: PrometheusSource;
let host: string;

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
const vector = (result: unknown[]) => ({
  status: "success",
  data: { resultType: "vector", result },
});

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req);
    handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const addr = server.address();
  host = `127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`;
  source = { name: "east-1", url: `http://${host}/prom` };
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});
beforeEach(() => {
  seen = [];
  handler = (_req, res) => json(res, 200, vector([]));
});

async function failure(p: Promise<unknown>): Promise<PrometheusQueryError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PrometheusQueryError);
  const e = err as PrometheusQueryError;
  expect(e.message).not.toContain(host);
  expect(e.message).not.toContain("127.0.0.1");
  return e;
}

describe("prometheus client", () => {
  it("GETs /api/v1/query under the source path and parses NaN and infinities", async () => {
    handler = (_req, res) =>
      json(res, 200, {
        ...vector([
          { metric: { a: "1" }, value: [1700000000.5, "NaN"] },
          { metric: { a: "2" }, value: [1700000000.5, "+Inf"] },
          { metric: { a: "3" }, value: [1700000000.5, "-Inf"] },
          { metric: { a: "4" }, value: [1700000000.5, "1.5e3"] },
        ]),
        warnings: ["careful"],
      });
    const client = createPrometheusClient({ cacheTtlMs: 0 });
    const r = await client.query(source, 'up{job="x"}', { time: 1700000000 });
    const url = new URL(seen[0]!.url!, "http://x");
    expect(seen[0]!.method).toBe("GET");
    expect(url.pathname).toBe("/prom/api/v1/query");
    expect(url.searchParams.get("query")).toBe('up{job="x"}');
    expect(url.searchParams.get("time")).toBe("1700000000");
    expect(r.warnings).toEqual(["careful"]);
    expect(r.data.resultType).toBe("vector");
    const values = r.data.resultType === "vector" ? r.data.result.map((s) => s.value[1]) : [];
    expect(values).toEqual([Number.NaN, Infinity, -Infinity, 1500]);
  });

  it("sends query_range parameters and parses matrices", async () => {
    handler = (_req, res) =>
      json(res, 200, {
        status: "success",
        data: {
          resultType: "matrix",
          result: [
            {
              metric: {},
              values: [
                [1, "1"],
                [2, "2"],
              ],
            },
          ],
        },
      });
    const client = createPrometheusClient({ cacheTtlMs: 0 });
    const r = await client.queryRange(source, "up", { start: 0, end: 3600, step: 15 });
    const url = new URL(seen[0]!.url!, "http://x");
    expect(url.pathname).toBe("/prom/api/v1/query_range");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      query: "up",
      start: "0",
      end: "3600",
      step: "15",
    });
    expect(r.data.resultType === "matrix" && r.data.result[0]!.values).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });

  it("refuses ranges over 7 days or over 11000 points before sending", async () => {
    const client = createPrometheusClient();
    const long = await failure(
      client.queryRange(source, "up", { start: 0, end: 8 * 86400, step: 3600 }),
    );
    expect(long.kind).toBe("limit");
    expect(long.message).toBe("source east-1 failed: range longer than 7 days");
    const fine = await failure(client.queryRange(source, "up", { start: 0, end: 86400, step: 1 }));
    expect(fine.message).toContain("11000 points");
    expect(seen).toHaveLength(0);
    expect(validateRange({ start: 0, end: 11000, step: 1 })).toBeNull();
    expect(validateRange({ start: 10, end: 0, step: 1 })).toMatch(/before/);
    expect(validateRange({ start: 0, end: 10, step: 0 })).toMatch(/positive/);
  });

  it("reports Prometheus errors with their type", async () => {
    handler = (_req, res) =>
      json(res, 400, { status: "error", errorType: "bad_data", error: "parse error at char 3" });
    const e = await failure(createPrometheusClient({ cacheTtlMs: 0 }).query(source, "up{"));
    expect(e.kind).toBe("prometheus");
    expect(e.message).toBe("source east-1 failed: bad_data: parse error at char 3");
  });

  it("reports non-JSON and malformed answers generically", async () => {
    const client = createPrometheusClient({ cacheTtlMs: 0 });
    handler = (_req, res) => res.writeHead(502).end("<html>bad gateway</html>");
    expect((await failure(client.query(source, "up"))).message).toBe(
      "source east-1 failed: HTTP 502",
    );
    handler = (_req, res) => json(res, 200, { status: "success", data: { resultType: "vector" } });
    expect((await failure(client.query(source, "up"))).kind).toBe("invalid-response");
  });

  it("refuses redirects without following them", async () => {
    handler = (_req, res) => res.writeHead(307, { location: "http://169.254.169.254/" }).end();
    const e = await failure(createPrometheusClient({ cacheTtlMs: 0 }).query(source, "up"));
    expect(e.kind).toBe("redirect");
    expect(seen).toHaveLength(1);
  });

  it("times out per request", async () => {
    handler = (_req, res) => {
      const t = setTimeout(() => json(res, 200, vector([])), 2_000);
      res.on("close", () => clearTimeout(t));
    };
    const e = await failure(
      createPrometheusClient({ timeoutMs: 100, cacheTtlMs: 0 }).query(source, "up"),
    );
    expect(e.message).toBe("source east-1 failed: timeout");
  });

  it("sends basic and bearer auth and never echoes it", async () => {
    handler = (_req, res) => res.writeHead(401).end("unauthorized");
    const client = createPrometheusClient({ cacheTtlMs: 0 });
    const e = await failure(
      client.query({ ...source, auth: { type: "basic", username: "u", password: "s3cret" } }, "up"),
    );
    expect(seen[0]!.headers.authorization).toBe(
      `Basic ${Buffer.from("u:s3cret").toString("base64")}`,
    );
    expect(e.message).not.toContain("s3cret");
    await failure(client.query({ ...source, auth: { type: "bearer", token: "tok-123" } }, "up"));
    expect(seen[1]!.headers.authorization).toBe("Bearer tok-123");
  });

  it("caches per source, query and time bucket, and never caches failures", async () => {
    let t = 1_000_000;
    const client = createPrometheusClient({ cacheTtlMs: 5_000, now: () => t });
    await client.query(source, "up");
    await client.query(source, "up");
    expect(seen).toHaveLength(1);
    await client.query({ ...source, name: "east-2" }, "up");
    await client.query(source, "sum(up)");
    expect(seen).toHaveLength(3);
    t += 5_000;
    await client.query(source, "up");
    expect(seen).toHaveLength(4);
    handler = (_req, res) => res.writeHead(500).end();
    await failure(client.query(source, "fails"));
    handler = (_req, res) => json(res, 200, vector([]));
    await client.query(source, "fails");
    expect(seen).toHaveLength(6);
  });

  it("limits concurrent requests per source", async () => {
    let active = 0;
    let peak = 0;
    handler = (_req, res) => {
      active++;
      peak = Math.max(peak, active);
      setTimeout(() => {
        active--;
        json(res, 200, vector([]));
      }, 50);
    };
    const client = createPrometheusClient({ concurrency: 2, cacheTtlMs: 0 });
    await Promise.all(Array.from({ length: 6 }, (_, i) => client.query(source, `q${i}`)));
    expect(peak).toBe(2);
  });

  it("counts time waiting for a slot against the timeout", async () => {
    handler = (_req, res) => {
      const t = setTimeout(() => json(res, 200, vector([])), 1_000);
      res.on("close", () => clearTimeout(t));
    };
    const client = createPrometheusClient({ concurrency: 1, timeoutMs: 300, cacheTtlMs: 0 });
    const started = Date.now();
    const queries = ["a", "b", "c", "d"].map((q) => failure(client.query(source, q)));
    const errors = await Promise.all(queries);
    expect(errors.map((e) => e.kind)).toEqual(["timeout", "timeout", "timeout", "timeout"]);
    // One deadline each, queue included: ~300 ms in all, not 4 × 300 ms one after another.
    expect(Date.now() - started).toBeLessThan(800);
  });

  it("refuses a source the SSRF guard rejects, without sending", async () => {
    const client = createPrometheusClient({ checkUrl: createSsrfGuard().check });
    const e = await failure(client.query(source, "up"));
    expect(e.kind).toBe("refused");
    expect(seen).toHaveLength(0);
  });

  it("fan-out keeps the good sources when one is unreachable", async () => {
    const client = createPrometheusClient({ cacheTtlMs: 0, timeoutMs: 1_000 });
    const res = await fanOut([source, { name: "gone", url: "http://127.0.0.1:1" }], (s) =>
      client.query(s, "up"),
    );
    expect(res.items.map((i) => i.source)).toEqual(["east-1"]);
    expect(res.errors).toEqual([{ source: "gone", message: "source gone failed: unreachable" }]);
    const odd = await fanOut([source], () => Promise.reject(new Error(`connect ${host}`)));
    expect(odd.errors[0]!.message).toBe("source east-1 failed: internal error");
  });

  it("parses sample values", () => {
    expect(parseSampleValue("0.25")).toBe(0.25);
    expect(() => parseSampleValue("abc")).toThrow();
  });
});
