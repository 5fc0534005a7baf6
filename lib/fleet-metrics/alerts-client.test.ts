// The alerts reader against a local HTTP server answering in the shapes of Prometheus 2.42's
// /api/v1/alerts and Alertmanager 0.25's /api/v2/alerts (a test double for their answers;
// tests/metrics/alerts*.test.ts runs the real servers).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import {
  MAX_ALERTS_PER_SOURCE,
  readAllAlerts,
  type AlertSource,
} from "@/lib/fleet-metrics/alerts-client";
import { createPrometheusClient } from "@/lib/fleet-metrics/prometheus-client";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
let handler: Handler;
let seen: IncomingMessage[];
let server: Server;
let base: string;
const client = createPrometheusClient({ timeoutMs: 500, cacheTtlMs: 0 });

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));

const PROM_ALERT = {
  labels: {
    alertname: "ServiceErrorRateHigh",
    destination_service_name: "reviews",
    destination_service_namespace: "bookinfo",
    severity: "critical",
  },
  annotations: { summary: "reviews.bookinfo: 50% of requests fail (5xx)" },
  state: "firing",
  activeAt: "2026-12-02T20:00:01.123456789Z",
  value: "5e-01",
};
const AM_ALERT = {
  annotations: { summary: "s" },
  endsAt: "2026-12-02T20:10:00.000Z",
  fingerprint: "0123456789abcdef",
  receivers: [{ name: "null" }],
  startsAt: "2026-12-02T20:00:00.000Z",
  status: { inhibitedBy: [], silencedBy: ["a-silence"], state: "suppressed" },
  updatedAt: "2026-12-02T20:00:10.000Z",
  generatorURL: "http://prometheus/graph",
  labels: { alertname: "ServiceLatencyHigh", cluster: "east-2", severity: "warning" },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req);
    handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const addr = server.address();
  base = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  seen = [];
});

describe("readAllAlerts", () => {
  it("reads Prometheus rule alerts and Alertmanager alerts, under path prefixes", async () => {
    handler = (req, res) => {
      if (req.url === "/prom/api/v1/alerts")
        return json(res, 200, {
          status: "success",
          data: {
            alerts: [
              PROM_ALERT,
              { ...PROM_ALERT, state: "pending", activeAt: "0001-01-01T00:00:00Z", value: "NaN" },
              { ...PROM_ALERT, state: "inactive" },
            ],
          },
        });
      if (req.url === "/am/api/v2/alerts")
        return json(res, 200, [AM_ALERT, { ...AM_ALERT, status: { state: "active" } }]);
      json(res, 404, {});
    };
    const sources: AlertSource[] = [
      { name: "east-1", kind: "prometheus", url: `${base}/prom`, cluster: "east-1" },
      { name: "am", kind: "alertmanager", url: `${base}/am/` },
    ];
    const r = await readAllAlerts(client, sources);
    expect(r.errors).toEqual([]);
    const [prom, am] = r.items.map((i) => i.data.alerts);
    expect(prom).toEqual([
      {
        name: "ServiceErrorRateHigh",
        labels: PROM_ALERT.labels,
        annotations: PROM_ALERT.annotations,
        state: "firing",
        activeAt: "2026-12-02T20:00:01.123Z",
        value: 0.5,
        source: { name: "east-1", type: "prometheus" },
        sourceCluster: "east-1",
        kind: "metrics",
      },
      expect.objectContaining({ state: "pending", activeAt: null, value: null }),
    ]);
    expect(am!.map((a) => [a.name, a.state, a.activeAt, a.source.type])).toEqual([
      ["ServiceLatencyHigh", "suppressed", "2026-12-02T20:00:00.000Z", "alertmanager"],
      ["ServiceLatencyHigh", "firing", "2026-12-02T20:00:00.000Z", "alertmanager"],
    ]);
    expect(seen.map((q) => q.headers.accept)).toEqual(["application/json", "application/json"]);
  });

  it("sends the source's credentials", async () => {
    handler = (_req, res) => json(res, 200, []);
    await readAllAlerts(client, [
      { name: "am", kind: "alertmanager", url: base, auth: { type: "bearer", token: "t0ken" } },
    ]);
    expect(seen[0]!.headers.authorization).toBe("Bearer t0ken");
  });

  it("marks invalid, failing, redirecting and unreachable sources, keeping the others", async () => {
    handler = (req, res) => {
      if (req.url?.startsWith("/bad/")) return json(res, 200, { status: "success", data: {} });
      if (req.url?.startsWith("/denied/")) return json(res, 401, { error: "no" });
      if (req.url?.startsWith("/moved/"))
        return void res.writeHead(302, { location: "http://169.254.169.254/" }).end();
      json(res, 200, []);
    };
    const r = await readAllAlerts(client, [
      { name: "bad", kind: "prometheus", url: `${base}/bad` },
      { name: "denied", kind: "alertmanager", url: `${base}/denied` },
      { name: "moved", kind: "alertmanager", url: `${base}/moved` },
      { name: "gone", kind: "prometheus", url: "http://127.0.0.1:1" },
      { name: "ok", kind: "alertmanager", url: `${base}/ok` },
    ]);
    expect(r.items.map((i) => i.source)).toEqual(["ok"]);
    expect(r.errors).toEqual([
      { source: "bad", message: "source bad failed: invalid response (HTTP 200)" },
      { source: "denied", message: "source denied failed: invalid response (HTTP 401)" },
      { source: "moved", message: "source moved failed: redirects are not followed" },
      { source: "gone", message: "source gone failed: unreachable" },
    ]);
    expect(JSON.stringify(r.errors)).not.toMatch(/127\.0\.0\.1|169\.254/);
  });

  it("cuts a source with too many alerts and says so", async () => {
    const many = Array.from({ length: MAX_ALERTS_PER_SOURCE + 3 }, (_, i) => ({
      ...AM_ALERT,
      labels: { alertname: `A${i}` },
    }));
    handler = (_req, res) => json(res, 200, many);
    const r = await readAllAlerts(client, [{ name: "am", kind: "alertmanager", url: base }]);
    expect(r.items[0]!.data.alerts).toHaveLength(MAX_ALERTS_PER_SOURCE);
    expect(r.items[0]!.data.truncated).toBe(true);
  });
});
