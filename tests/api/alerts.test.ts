// GET /api/v1/alerts and /summary on a real database with the demo fleet: Meridian's fleet
// alerts (stale, disconnected, trust-root mismatch), filters and their 400s, and per-source
// errors. The one alert source here is a local HTTP server answering in Alertmanager's v2
// shape (a test double; tests/metrics/alerts*.test.ts uses the real Alertmanager).
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as alerts from "@/app/api/v1/alerts/route";
import * as summary from "@/app/api/v1/alerts/summary/route";
import { alertListSchema, alertSummarySchema } from "@/lib/model/alerts";
import { db } from "@/lib/store/client";
import { seedDemoFleet } from "@/lib/services/inventory/demo-seed";
import { invalidateMetricsAllowList } from "@/lib/services/fleet-metrics/metrics-runtime";
import { createMetricsSource } from "@/lib/services/fleet-metrics/metrics-sources";
import { setAllowList } from "@/lib/services/fleet-metrics/allow-list";
import { resetDatabase } from "../helpers/db";
import { call, userWithToken } from "../helpers/api";

let viewer: string;
let stub: Server;
let stubUrl: string;
const authSeen: string[] = [];
const ADMIN = { type: "system", label: "test" } as const;

const AM_ALERT = (cluster: string) => ({
  labels: {
    alertname: "ServiceErrorRateHigh",
    cluster,
    destination_service_namespace: "bookinfo",
    destination_service_name: "reviews",
    severity: "critical",
  },
  annotations: { summary: `reviews failing in ${cluster}` },
  startsAt: "2026-12-02T20:00:00.000Z",
  status: { state: "active", silencedBy: [], inhibitedBy: [] },
});

async function get(handler: typeof alerts.GET, search: Record<string, string> = {}) {
  return call(handler, "GET", "/api/v1/alerts", { token: viewer, search });
}

beforeAll(async () => {
  await resetDatabase();
  viewer = (await userWithToken("viewer")).token;
  await seedDemoFleet();
  // A healthy fleet to start from: the demo's degraded west-1 instances are made ready (the
  // endpoint-health test below degrades one on purpose, and restores it).
  await db().$executeRaw`UPDATE "Service" SET "endpointsReady" = "endpointsTotal"`;
  stub = createServer((req, res) => {
    if (req.url?.startsWith("/secure/")) authSeen.push(req.headers.authorization ?? "");
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(req.url === "/api/v2/alerts" ? [AM_ALERT("east-2")] : []));
  });
  await new Promise<void>((r) => stub.listen(0, "127.0.0.1", () => r()));
  const addr = stub.address();
  stubUrl = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`;
});
afterAll(() => new Promise<void>((r) => stub.close(() => r())));

describe("GET /api/v1/alerts", () => {
  it("is empty for a healthy fleet without sources", async () => {
    const res = await get(alerts.GET);
    expect(res.status).toBe(200);
    const body = alertListSchema.parse(res.body);
    expect(body.items).toEqual([]);
    expect(body.errors).toEqual([]);
    expect(body.sources).toEqual([
      { name: "meridian", type: "meridian", ok: true, alerts: 0, truncated: false },
    ]);
  });

  it("raises fleet alerts: stale and disconnected clusters, trust roots differing on a shared service", async () => {
    const now = Date.now();
    await db().cluster.update({
      where: { name: "east-2" },
      data: { lastSeenAt: new Date(now - 120_000) },
    });
    await db().cluster.create({
      data: {
        name: "lab-1",
        displayName: "Lab",
        region: "lab",
        state: "live",
        createdAt: new Date(now - 3_600_000),
      },
    });
    const reviews = await db().globalService.findUniqueOrThrow({
      where: { namespace_name: { namespace: "bookinfo", name: "reviews" } },
    });
    // east-1 exports reviews; west-1 (Linkerd, its own root CA) imports it.
    await db().serviceExport.create({
      data: { globalServiceId: reviews.id, clusterName: "east-1", enabled: true },
    });
    await db().serviceImport.create({
      data: { globalServiceId: reviews.id, clusterName: "west-1", enabled: true },
    });

    const body = alertListSchema.parse((await get(alerts.GET)).body);
    expect(
      body.items.map((a) => [a.name, a.severity, a.cluster, a.globalService?.name ?? null]),
    ).toEqual([
      ["AgentDisconnected", "critical", "lab-1", null],
      ["TrustRootMismatch", "critical", "west-1", "reviews"],
      ["ClusterStale", "warning", "east-2", null],
    ]);
    expect(body.items.every((a) => a.kind === "fleet" && a.state === "firing")).toBe(true);
    expect(body.rollups.services).toEqual([
      expect.objectContaining({
        name: "reviews",
        status: "at-risk",
        label: "at risk",
        clusters: ["east-1", "east-2", "west-1"],
      }),
    ]);
    expect(body.rollups.clusters.map((c) => c.cluster)).toEqual(["lab-1", "east-2"]);
  });

  it("filters by severity, state, kind, cluster and global service", async () => {
    const names = async (search: Record<string, string>) =>
      alertListSchema.parse((await get(alerts.GET, search)).body).items.map((a) => a.name);
    expect(await names({ severity: "warning" })).toEqual(["ClusterStale"]);
    expect(await names({ severity: "critical,warning", cluster: "lab-1" })).toEqual([
      "AgentDisconnected",
    ]);
    expect(await names({ globalService: "bookinfo/reviews" })).toEqual(["TrustRootMismatch"]);
    expect(await names({ state: "pending" })).toEqual([]);
    expect(await names({ kind: "metrics" })).toEqual([]);
  });

  it("answers 400 naming the allowed values, for unknown values and parameters", async () => {
    const bad = await get(alerts.GET, { severity: "urgent" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: "invalid_input" } });
    const message = (bad.body as { error: { message: string } }).error.message;
    for (const s of ["critical", "error", "warning", "info"]) expect(message).toContain(s);
    const unknown = await get(alerts.GET, { colour: "red" });
    expect(unknown.status).toBe(400);
    expect((unknown.body as { error: { message: string } }).error.message).toContain("colour");
    const kind = await get(alerts.GET, { kind: "prometheus" });
    expect((kind.body as { error: { message: string } }).error.message).toMatch(/metrics.*fleet/);
    const service = await get(alerts.GET, { globalService: "reviews" });
    expect((service.body as { error: { message: string } }).error.message).toContain(
      "namespace/name",
    );
  });

  it("reads configured sources with their credentials, marks failing ones, refuses loopback unless allow-listed", async () => {
    await db().prometheusSource.createMany({
      data: [
        { name: "am", kind: "alertmanager", url: stubUrl },
        {
          name: "prom-gone",
          kind: "prometheus",
          url: "http://127.0.0.1:1",
          scope: "cluster",
          clusterName: "east-1",
        },
        { name: "off", kind: "prometheus", url: stubUrl, enabled: false },
      ],
    });
    const refused = alertListSchema.parse((await get(alerts.GET)).body);
    expect(refused.errors.map((e) => e.source)).toEqual(["am", "prom-gone"]);
    expect(refused.items.length).toBe(3); // fleet alerts still there

    await setAllowList(["127.0.0.1/32"], ADMIN);
    invalidateMetricsAllowList();
    await createMetricsSource(
      {
        name: "am-secure",
        kind: "alertmanager",
        url: `${stubUrl}/secure`,
        scope: "global",
        auth: { type: "bearer", token: "s3cret-token" },
        enabled: true,
      },
      ADMIN,
    );
    const body = alertListSchema.parse((await get(alerts.GET)).body);
    expect(body.errors).toEqual([
      { source: "prom-gone", message: "source prom-gone failed: unreachable" },
    ]);
    expect(authSeen).toContain("Bearer s3cret-token");
    expect(JSON.stringify(body)).not.toMatch(/127\.0\.0\.1|s3cret/);
    const reviews = body.rollups.services.find((s) => s.name === "reviews");
    expect(reviews).toMatchObject({
      status: "degraded",
      label: "degraded · 1 of 3 clusters",
      affectedClusters: ["east-2"],
    });
    expect(body.sources.map((s) => [s.name, s.type, s.ok, s.alerts])).toEqual([
      ["meridian", "meridian", true, 3],
      ["am", "alertmanager", true, 1],
      ["am-secure", "alertmanager", true, 0],
      ["prom-gone", "prometheus", false, 0],
    ]);
  });
});

describe("GET /api/v1/alerts/summary", () => {
  it("counts alerts for badges", async () => {
    const res = await call(summary.GET, "GET", "/api/v1/alerts/summary", { token: viewer });
    expect(res.status).toBe(200);
    const body = alertSummarySchema.parse(res.body);
    expect(body.counts).toEqual({
      total: 4,
      firing: 4,
      pending: 0,
      suppressed: 0,
      bySeverity: { critical: 3, error: 0, warning: 1, info: 0 },
    });
    expect(body.services).toEqual([
      {
        namespace: "bookinfo",
        name: "reviews",
        status: "degraded",
        label: "degraded · 1 of 3 clusters",
        severity: "critical",
        affected: 1,
        total: 3,
      },
    ]);
    expect(body.errors.map((e) => e.source)).toEqual(["prom-gone"]);
  });

  it("applies the same filters and refuses bad ones", async () => {
    const res = await call(summary.GET, "GET", "/api/v1/alerts/summary", {
      token: viewer,
      search: { kind: "fleet" },
    });
    expect(alertSummarySchema.parse(res.body).counts.total).toBe(3);
    const bad = await call(summary.GET, "GET", "/api/v1/alerts/summary", {
      token: viewer,
      search: { state: "resolved" },
    });
    expect(bad.status).toBe(400);
  });
});

describe("endpoint health as fleet alerts (issue 24.7)", () => {
  it("raises EndpointsDegraded and EndpointsDown per cluster, rolled up per global service", async () => {
    const where = (cluster: string, name: string) => ({
      clusterName: cluster,
      namespace: "bookinfo",
      name,
    });
    const before = await db().service.findMany({ where: { namespace: "bookinfo" } });
    try {
      await db().cluster.updateMany({ data: { lastSeenAt: new Date() } });
      const ratings = before.find((s) => s.clusterName === "west-1" && s.name === "ratings")!;
      await db().service.updateMany({
        where: where("west-1", "ratings"),
        data: { endpointsReady: 1, endpointsTotal: 2 },
      });
      await db().service.updateMany({
        where: where("west-1", "reviews"),
        data: { endpointsReady: 0, endpointsTotal: 3 },
      });
      const res = await get(alerts.GET, { kind: "fleet" });
      const items = alertListSchema.parse(res.body).items;
      const degraded = items.find((a) => a.name === "EndpointsDegraded");
      expect(degraded).toMatchObject({
        severity: "warning",
        cluster: "west-1",
        globalService: { namespace: "bookinfo", name: "ratings" },
      });
      expect(degraded?.summary ?? JSON.stringify(degraded)).toContain("1 of 2 endpoints ready");
      expect(items.find((a) => a.name === "EndpointsDown")).toMatchObject({
        severity: "critical",
        cluster: "west-1",
        globalService: { namespace: "bookinfo", name: "reviews" },
      });
      // Filtered to the global service, as its page shows it.
      const only = alertListSchema.parse(
        (await get(alerts.GET, { globalService: "bookinfo/ratings", kind: "fleet" })).body,
      ).items;
      expect(only.map((a) => a.name)).toEqual(["EndpointsDegraded"]);
      expect(ratings).toBeDefined();
    } finally {
      for (const s of before)
        await db().service.update({
          where: { id: s.id },
          data: { endpointsReady: s.endpointsReady, endpointsTotal: s.endpointsTotal },
        });
    }
  });
});
