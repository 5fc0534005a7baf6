// GET /api/v1/topology with call edges from REAL Prometheus servers: one per simulated
// cluster scraping the Bookinfo traffic generator, plus a federating one; the inventory is
// the Distributed Bookinfo demo fleet in an embedded Postgres this file starts itself (the
// metrics suite has no database of its own).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type * as RouteModule from "@/app/api/v1/topology/route";
import type * as DbModule from "@/lib/store/client";
import type { TopologyDto, TopologyEdge } from "@/lib/graph/schema";
import type * as ServiceModule from "@/lib/services/inventory/topology-default-service";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "@/scripts/lib/embedded-postgres";
import { migrateDeploy } from "@/scripts/lib/migrate";

import type * as ApiHelpers from "../helpers/api";
import { pollUntil } from "./helpers";
import { startMetricsFleet, type MetricsFleet } from "./prometheus-harness";

const CLUSTERS = ["east-1", "east-2", "west-1"];
const ROUTE = "/api/v1/topology";

let fleet: MetricsFleet;
let database: EmbeddedPostgres;
let dir: string;
let viewer: string;

type Mods = {
  route: typeof RouteModule;
  api: typeof ApiHelpers;
  db: typeof DbModule;
  service: typeof ServiceModule;
};
let m: Mods;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "meridian-topology-db-"));
  [database, fleet] = await Promise.all([
    startEmbeddedPostgres(dir),
    startMetricsFleet(CLUSTERS, "istio"),
  ]);
  await migrateDeploy(database.url);
  process.env.DATABASE_URL = database.url;
  process.env.MERIDIAN_DB_POOL_MAX = "1";
  process.env.NEXTAUTH_SECRET = "test-secret-for-vitest-only-0123456789";
  // Imported only now: the database client reads DATABASE_URL on first use.
  m = {
    route: await import("@/app/api/v1/topology/route"),
    api: await import("../helpers/api"),
    db: await import("@/lib/store/client"),
    service: await import("@/lib/services/inventory/topology-default-service"),
  };
  const { seedDemoFleet } = await import("@/lib/services/inventory/demo-seed");
  await seedDemoFleet();
  viewer = (await m.api.userWithToken("viewer")).token;
  await m.db.db().setting.create({
    data: { key: "metricsAllowedNetworks", value: ["127.0.0.1/32"] },
  });
}, 90_000);

afterAll(async () => {
  await m?.db.db().$disconnect();
  await Promise.all([fleet?.stop(), database?.stop()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 30_000);

async function topology(search: Record<string, string> = {}): Promise<TopologyDto> {
  m.service.topologyService().invalidate();
  const res = await m.api.call(m.route.GET, "GET", ROUTE, { token: viewer, search });
  expect(res.status).toBe(200);
  return res.body as TopologyDto;
}

const call = (g: TopologyDto, from: string, to: string) =>
  g.edges.find(
    (e): e is Extract<TopologyEdge, { kind: "call" }> =>
      e.kind === "call" && e.source === `svc:${from}` && e.target === `svc:${to}`,
  );
const PP_EAST = "east-1/bookinfo/productpage";
const PP_WEST = "west-1/bookinfo/productpage";
const flowing = (g: TopologyDto) =>
  (call(g, PP_WEST, "east-2/bookinfo/reviews")?.requestRate ?? 0) > 1 &&
  (call(g, PP_EAST, "east-1/bookinfo/reviews")?.requestRate ?? 0) > 5;

describe("topology call edges from real Prometheus", { timeout: 90_000 }, () => {
  it("draws cross-cluster calls from the federating source, flagged crossCluster", async () => {
    await m.db.db().prometheusSource.create({
      data: { name: "global", url: fleet.global.url, scope: "global" },
    });
    const g = await pollUntil(() => topology(), flowing, 60_000, 1_000);
    expect(g.metrics).toEqual({
      configured: true,
      sources: ["global"],
      window: "60s",
      reporter: "destination",
    });
    expect(g.errors).toEqual([]);

    // productpage in west-1 (eu-west-1) calls reviews in east-2 (us-east-1), ~2 rps.
    const cross = call(g, PP_WEST, "east-2/bookinfo/reviews");
    expect(cross?.crossCluster).toBe(true);
    // No intent imports reviews anywhere: this harness's fixed load bypasses it.
    expect(cross?.unmanaged).toBe(true);
    expect(cross?.requestRate).toBeGreaterThan(1);
    expect(cross?.requestRate).toBeLessThan(3.5);
    expect(cross?.errorRate).toBe(0);
    expect(cross?.p95Ms).toBeGreaterThan(0);
    expect(call(g, PP_EAST, "west-1/bookinfo/reviews")?.crossCluster).toBe(true);

    // Local calls are not cross-cluster: productpage → details and reviews in east-1.
    const local = call(g, PP_EAST, "east-1/bookinfo/details");
    expect(local?.crossCluster).toBe(false);
    expect(local?.requestRate).toBeGreaterThan(5);
    expect(call(g, "east-2/bookinfo/reviews", "east-2/bookinfo/ratings")?.crossCluster).toBe(false);

    // Calls whose ends are not in the inventory (the ingress gateway, productpage in
    // east-2, which the demo does not run there) are dropped and counted.
    expect(g.dropped).toBeGreaterThan(0);
    const callers = new Set(g.edges.filter((e) => e.kind === "call").map((e) => e.source));
    expect(callers.has("svc:east-2/bookinfo/productpage")).toBe(false);
  });

  it("gives the map's and the service page's figures from the same series and window", async () => {
    const { getServiceMetrics } = await import("@/lib/services/fleet-metrics/service-metrics");
    const g = await pollUntil(() => topology(), flowing, 60_000, 1_000);
    const page = await getServiceMetrics("bookinfo", "reviews", { range: "15m" });
    if (!page?.configured) throw new Error("the service page has no metrics");
    // One definition: the same window, and the same server-side reports.
    expect(page.window).toBe(g.metrics.window);
    expect(g.metrics.reporter).toBe("destination");
    const latest = (v: ReadonlyArray<number | null>) => v.filter((x) => x !== null).at(-1) ?? 0;
    for (const c of CLUSTERS) {
      const node = g.nodes.find((n) => n.id === `svc:${c}/bookinfo/reviews`);
      const onMap = node?.inbound?.requestRate ?? 0;
      const onPage = latest(page.signals.requestRate.byCluster[c] ?? []);
      // Instants up to a few seconds apart on a steady load: within 10 %.
      expect(onMap, `reviews in ${c}: map ${onMap}, page ${onPage}`).toBeGreaterThan(0);
      expect(Math.abs(onMap - onPage) / onPage, `reviews in ${c}`).toBeLessThan(0.1);
    }
    const total = g.nodes.find((n) => n.id === "gsvc:bookinfo/reviews")?.inbound?.requestRate ?? 0;
    const pageTotal = latest(page.signals.requestRate.total);
    expect(Math.abs(total - pageTotal) / pageTotal).toBeLessThan(0.1);
  });

  it("marks the edges and their ends when errors are injected", async () => {
    fleet.generators.get("east-2")!.inject("reviews", { errorRate: 0.5, latencyMs: 0 });
    try {
      const g = await pollUntil(
        () => topology(),
        (x) => (call(x, PP_WEST, "east-2/bookinfo/reviews")?.errorRate ?? 0) > 0.2,
        60_000,
        1_000,
      );
      expect(g.nodes.find((n) => n.id === "svc:east-2/bookinfo/reviews")?.errors).toBe(true);
      const onlyErrors = await topology({ errors: "true" });
      const ids = onlyErrors.nodes.map((n) => n.id);
      expect(ids).toContain("svc:east-2/bookinfo/reviews");
      expect(ids).not.toContain("svc:east-1/bookinfo/details");
    } finally {
      fleet.generators.get("east-2")!.reset();
    }
  });

  it("reads the same edges from per-cluster sources, and keeps the rest when one is down", async () => {
    await m.db.db().prometheusSource.deleteMany({});
    for (const c of CLUSTERS) {
      await m.db.db().prometheusSource.create({
        data: { name: c, url: fleet.clusters.get(c)!.url, scope: "cluster", clusterName: c },
      });
    }
    const g = await pollUntil(() => topology(), flowing, 30_000, 1_000);
    expect(g.metrics.sources).toEqual(CLUSTERS);
    expect(call(g, PP_WEST, "east-2/bookinfo/reviews")?.crossCluster).toBe(true);

    await fleet.clusters.get("east-2")!.stop();
    const partial = await pollUntil(
      () => topology(),
      (x) => x.errors.length > 0,
      30_000,
      1_000,
    );
    expect(partial.errors.map((e) => e.source)).toEqual(["east-2"]);
    expect(partial.errors[0]?.message).not.toContain("127.0.0.1");
    // east-2's edges are gone; the other clusters' edges and every node remain.
    expect(call(partial, PP_WEST, "east-2/bookinfo/reviews")).toBeUndefined();
    expect(call(partial, PP_EAST, "west-1/bookinfo/reviews")?.crossCluster).toBe(true);
    expect(partial.nodes.filter((n) => n.kind === "service")).toHaveLength(9);
  });
});
