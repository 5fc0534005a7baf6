// GET /api/v1/global-services/{ns}/{name}/metrics against REAL Prometheus servers: the demo's
// mixed fleet (east-1/east-2 Istio, west-1 Linkerd), a federating Prometheus, sources
// registered through the API behind counting proxies, and the Distributed Bookinfo inventory
// in an embedded Postgres this file starts itself (the metrics suite has no database).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type * as RouteModule from "@/app/api/v1/global-services/[namespace]/[name]/metrics/route";
import type * as SourcesModule from "@/app/api/v1/metrics/sources/route";
import type { ServiceMetricsDto } from "@/lib/model/metrics";
import type * as DbModule from "@/lib/store/client";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "@/scripts/lib/embedded-postgres";
import { migrateDeploy } from "@/scripts/lib/migrate";

import type * as ApiHelpers from "../helpers/api";
import { startCountingProxy, type CountingProxy } from "./counting-proxy";
import { pollUntil, startSlowSource } from "./helpers";
import { DEMO_CLUSTERS, startMixedFleet, type MixedFleet } from "./mixed-fleet";

const ROUTE = "/api/v1/global-services/bookinfo/reviews/metrics";
// Each cluster's reviews: 10 rps from its own productpage + 2 rps from the next cluster's.
const REVIEWS_RPS = 12;
const QUERY_RANGE = "/api/v1/query_range";

let fleet: MixedFleet;
let database: EmbeddedPostgres;
let dir: string;
let viewer: string;
let admin: string;
const proxies = new Map<string, CountingProxy>();
let m: {
  route: typeof RouteModule;
  sources: typeof SourcesModule;
  api: typeof ApiHelpers;
  db: typeof DbModule;
};
// A different step per call defeats the client's 5 s cache, so every call really queries.
// Steps cycle through 15–24 s: each point's rate window holds ≥ 15 scrapes (steady on a
// loaded machine) and the grid stays fine however many times a test polls.
let calls = 0;

type Configured = Extract<ServiceMetricsDto, { configured: true }>;

async function metrics(search: Record<string, string> = {}): Promise<ServiceMetricsDto> {
  const step = 15 + (calls++ % 10);
  const res = await m.api.call(m.route.GET, "GET", ROUTE, {
    token: viewer,
    params: { namespace: "bookinfo", name: "reviews" },
    search: { range: "15m", step: String(step), ...search },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as ServiceMetricsDto;
}
const configured = (r: ServiceMetricsDto): Configured => {
  if (!r.configured) throw new Error(`not configured: ${r.message}`);
  return r;
};
/** The newest non-null value of a series. */
const last = (values: Array<number | null> | undefined) =>
  [...(values ?? [])].reverse().find((v) => v !== null) ?? null;
const rate = (r: Configured, c: string) => last(r.signals.requestRate.byCluster[c]);
const ratio = (r: Configured, c: string) => last(r.signals.errorRatio.byCluster[c]);
const allFlowing = (r: ServiceMetricsDto) =>
  r.configured && DEMO_CLUSTERS.every((c) => (rate(r, c) ?? 0) > REVIEWS_RPS * 0.7);

async function addSource(body: Record<string, unknown>): Promise<string> {
  const res = await m.api.call(m.sources.POST, "POST", "/api/v1/metrics/sources", {
    token: admin,
    body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { id: string }).id;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "meridian-service-metrics-db-"));
  [database, fleet] = await Promise.all([startEmbeddedPostgres(dir), startMixedFleet()]);
  await migrateDeploy(database.url);
  process.env.DATABASE_URL = database.url;
  process.env.MERIDIAN_DB_POOL_MAX = "1";
  process.env.NEXTAUTH_SECRET = "test-secret-for-vitest-only-0123456789";
  // 1 s scrapes: a 5 s base window (each chart point uses max(window, step)).
  process.env.MERIDIAN_METRICS_WINDOW = "5s";
  // Imported only now: the database client and env read the variables on first use.
  m = {
    route: await import("@/app/api/v1/global-services/[namespace]/[name]/metrics/route"),
    sources: await import("@/app/api/v1/metrics/sources/route"),
    api: await import("../helpers/api"),
    db: await import("@/lib/store/client"),
  };
  const { seedDemoFleet } = await import("@/lib/services/inventory/demo-seed");
  await seedDemoFleet();
  viewer = (await m.api.userWithToken("viewer")).token;
  admin = (await m.api.userWithToken("admin")).token;
  await m.db.db().setting.create({
    data: { key: "metricsAllowedNetworks", value: ["127.0.0.1/32"] },
  });
  proxies.set("global", await startCountingProxy(fleet.global.url));
  for (const c of DEMO_CLUSTERS)
    proxies.set(c, await startCountingProxy(fleet.clusters.get(c)!.url));
}, 90_000);

afterAll(async () => {
  await m?.db.db().$disconnect();
  await Promise.all([
    fleet?.stop(),
    database?.stop(),
    ...[...proxies.values()].map((p) => p.stop()),
  ]);
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 30_000);

describe("global service golden signals from real Prometheus", { timeout: 90_000 }, () => {
  it("says metrics are not configured while there is no source", async () => {
    const r = await metrics();
    expect(r).toMatchObject({ configured: false, reason: "no-sources" });
  });

  it("reads every cluster (Istio and Linkerd) and the total from the federating source, in one query", async () => {
    await addSource({ name: "global", url: proxies.get("global")!.url });
    const r = configured(await pollUntil(metrics, allFlowing, 60_000, 1_000));
    expect(r.clusters).toEqual(DEMO_CLUSTERS);
    expect(r.errors).toEqual([]);
    for (const c of DEMO_CLUSTERS) {
      expect(rate(r, c)).toBeLessThan(REVIEWS_RPS * 1.4);
      expect(ratio(r, c)).toBe(0);
      expect(last(r.signals.p95Ms.byCluster[c])).toBeGreaterThan(5);
    }
    expect(last(r.signals.requestRate.total)).toBeGreaterThan(3 * REVIEWS_RPS * 0.7);
    expect(r.timestamps).toHaveLength(r.signals.requestRate.total.length);
    // Two meshes' histograms cannot be merged exactly: the total's quantiles are an upper bound.
    expect(r.approximateQuantiles).toBe(true);

    const before = proxies.get("global")!.total();
    await metrics();
    expect(proxies.get("global")!.total() - before).toBe(1);
    expect(proxies.get("global")!.total(QUERY_RANGE)).toBeGreaterThan(0);
  });

  it("shows errors injected into reviews in one cluster in that cluster only", async () => {
    fleet.generators.get("east-2")!.inject("reviews", { errorRate: 0.5, latencyMs: 0 });
    try {
      const r = configured(
        await pollUntil(
          metrics,
          (x) => x.configured && (ratio(x, "east-2") ?? 0) > 0.3,
          40_000,
          1_000,
        ),
      );
      expect(ratio(r, "east-1")).toBeLessThan(0.01);
      expect(ratio(r, "west-1")).toBeLessThan(0.01);
      expect(last(r.signals.errorRate.byCluster["east-2"])).toBeGreaterThan(2);
      const total = last(r.signals.errorRatio.total)!;
      expect(total).toBeGreaterThan(0.05);
      expect(total).toBeLessThan(ratio(r, "east-2")!);
    } finally {
      fleet.generators.get("east-2")!.reset();
    }
  });

  it("asks each of several sources exactly once per refresh", async () => {
    for (const c of DEMO_CLUSTERS) {
      await addSource({
        name: `prom-${c}`,
        url: proxies.get(c)!.url,
        scope: "cluster",
        clusterName: c,
      });
    }
    const before = new Map([...proxies].map(([k, p]) => [k, p.total()]));
    const r = configured(await metrics());
    for (const [k, p] of proxies) expect(p.total() - before.get(k)!, k).toBe(1);
    expect(r.sources.map((s) => s.name).sort()).toEqual([
      "global",
      "prom-east-1",
      "prom-east-2",
      "prom-west-1",
    ]);
    expect(r.errors).toEqual([]);
    expect(r.clusters).toEqual(DEMO_CLUSTERS);
    // Rates are read again (fresh queries) so one slow scrape on a loaded machine is retried.
    const flowing = configured(await pollUntil(metrics, allFlowing, 30_000, 1_000));
    for (const c of DEMO_CLUSTERS) expect(rate(flowing, c)).toBeGreaterThan(REVIEWS_RPS * 0.7);
  });

  it("keeps the other sources' data and marks a slow source", async () => {
    const slow = await startSlowSource(10_000);
    try {
      await addSource({ name: "slow", url: slow.url });
      const started = Date.now();
      const r = configured(await metrics());
      expect(Date.now() - started).toBeLessThan(6_000);
      expect(r.errors).toEqual([{ source: "slow", message: "source slow failed: timeout" }]);
      expect(r.sources.find((s) => s.name === "slow")).toEqual({ name: "slow", ok: false });
      expect(r.clusters).toEqual(DEMO_CLUSTERS);
    } finally {
      await slow.stop();
      await m.db.db().prometheusSource.deleteMany({ where: { name: "slow" } });
    }
  });

  it("marks a cluster's Prometheus that is down; the federating source still covers its cluster", async () => {
    await proxies.get("west-1")!.stop();
    const westFlowing = (x: ServiceMetricsDto) =>
      x.configured && (rate(x, "west-1") ?? 0) > REVIEWS_RPS * 0.7;
    const r = configured(await pollUntil(metrics, westFlowing, 30_000, 1_000));
    expect(r.errors).toEqual([
      { source: "prom-west-1", message: "source prom-west-1 failed: unreachable" },
    ]);
    expect(JSON.stringify(r.errors)).not.toMatch(/127\.0\.0\.1|:\d{4,5}/);
    expect(r.clusters).toEqual(DEMO_CLUSTERS);
    expect(rate(r, "west-1")).toBeGreaterThan(REVIEWS_RPS * 0.7);
  });

  it("fills in from per-cluster sources while the federating source is down", async () => {
    await proxies.get("global")!.stop();
    const eastFlowing = (x: ServiceMetricsDto) =>
      x.configured && x.clusters.every((c) => (rate(x, c) ?? 0) > REVIEWS_RPS * 0.7);
    const r = configured(await pollUntil(metrics, eastFlowing, 30_000, 1_000));
    expect(r.errors.map((e) => e.source).sort()).toEqual(["global", "prom-west-1"]);
    expect(r.clusters).toEqual(["east-1", "east-2"]);
    for (const c of r.clusters) expect(rate(r, c)).toBeGreaterThan(REVIEWS_RPS * 0.7);
    expect(last(r.signals.requestRate.total)).toBeGreaterThan(2 * REVIEWS_RPS * 0.7);
  });
});
