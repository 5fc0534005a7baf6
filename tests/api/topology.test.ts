// GET /api/v1/topology on the Distributed Bookinfo demo fleet (real database, inventory
// loaded through the same function agent reports use). Call edges from real Prometheus are
// tested in tests/metrics/topology.test.ts.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";

import * as topology from "@/app/api/v1/topology/route";
import { db } from "@/lib/store/client";
import { seedDemoFleet } from "@/lib/services/inventory/demo-seed";
import type { TopologyDto } from "@/lib/graph/schema";
import { topologyService } from "@/lib/services/inventory/topology-default-service";
import { call, userWithToken } from "../helpers/api";
import { resetDatabase } from "../helpers/db";

type ErrorBody = { error: { code: string; message: string; details?: { allowed: unknown } } };

let viewer: string;

async function get(search: Record<string, string> = {}) {
  return call(topology.GET, "GET", "/api/v1/topology", { token: viewer, search });
}
async function graph(search: Record<string, string> = {}): Promise<TopologyDto> {
  const res = await get(search);
  expect(res.status).toBe(200);
  return res.body as TopologyDto;
}
const ids = (g: TopologyDto, kind: string) =>
  g.nodes.filter((n) => n.kind === kind).map((n) => n.id);
const parentOf = (g: TopologyDto, id: string) => g.nodes.find((n) => n.id === id)?.parent;

describe("GET /api/v1/topology", () => {
  beforeAll(async () => {
    await resetDatabase();
    viewer = (await userWithToken("viewer")).token;
  });
  // The service keeps a built graph for 5 s; every test changes the database first.
  beforeEach(() => topologyService().invalidate());

  it("answers 401 without a caller", async () => {
    const res = await call(topology.GET, "GET", "/api/v1/topology");
    expect(res.status).toBe(401);
  });

  it("is an empty graph, not an error, for a fleet with zero clusters", async () => {
    const g = await graph();
    expect(g.nodes).toEqual([]);
    expect(g.edges).toEqual([]);
    expect(g.metrics).toEqual({ configured: false, sources: [] });
    expect(g.filters.cluster).toEqual([]);
  });

  it("has the demo fleet's regions, clusters, services and global services", async () => {
    await seedDemoFleet();
    topologyService().invalidate();
    const g = await graph();
    expect(ids(g, "region")).toEqual(["region:eu-west-1", "region:us-east-1"]);
    expect(ids(g, "cluster")).toEqual(["cluster:east-1", "cluster:east-2", "cluster:west-1"]);
    expect(parentOf(g, "cluster:east-1")).toBe("region:us-east-1");
    expect(parentOf(g, "cluster:east-2")).toBe("region:us-east-1");
    expect(parentOf(g, "cluster:west-1")).toBe("region:eu-west-1");
    expect(ids(g, "service")).toEqual([
      "svc:east-1/bookinfo/details",
      "svc:east-1/bookinfo/productpage",
      "svc:east-1/bookinfo/reviews",
      "svc:east-2/bookinfo/details",
      "svc:east-2/bookinfo/ratings",
      "svc:east-2/bookinfo/reviews",
      "svc:west-1/bookinfo/productpage",
      "svc:west-1/bookinfo/ratings",
      "svc:west-1/bookinfo/reviews",
    ]);
    expect(parentOf(g, "svc:west-1/bookinfo/reviews")).toBe("cluster:west-1");
    expect(ids(g, "global-service")).toEqual([
      "gsvc:bookinfo/details",
      "gsvc:bookinfo/productpage",
      "gsvc:bookinfo/ratings",
      "gsvc:bookinfo/reviews",
    ]);
    const reviews = g.nodes.find((n) => n.id === "gsvc:bookinfo/reviews");
    expect(reviews).toMatchObject({ kind: "global-service", hostname: "reviews.bookinfo.global" });
    const members = g.edges.filter((e) => e.kind === "member" && e.target === reviews?.id);
    expect(members).toHaveLength(3);
    const west = g.nodes.find((n) => n.id === "svc:west-1/bookinfo/reviews");
    expect(west).toMatchObject({ mesh: "linkerd", exported: false, imported: false });
    expect(west?.health.total).toBeGreaterThan(0);
    // No Prometheus configured: every node is there, no calls, and the answer says why.
    expect(g.edges.filter((e) => e.kind === "call")).toEqual([]);
    expect(g.metrics.configured).toBe(false);
    expect(g.errors).toEqual([]);
    expect(g.filters).toMatchObject({
      cluster: ["east-1", "east-2", "west-1"],
      region: ["eu-west-1", "us-east-1"],
      namespace: ["bookinfo"],
      mesh: ["istio", "linkerd"],
    });
    expect(g.totalNodes).toBe(g.nodes.length);
  });

  it("filters by cluster, region, namespace and mesh", async () => {
    const east2 = await graph({ cluster: "east-2" });
    expect(ids(east2, "cluster")).toEqual(["cluster:east-2"]);
    expect(ids(east2, "service")).toHaveLength(3);
    expect(ids(east2, "global-service")).toEqual([
      "gsvc:bookinfo/details",
      "gsvc:bookinfo/ratings",
      "gsvc:bookinfo/reviews",
    ]);
    const eu = await graph({ region: "eu-west-1" });
    expect(ids(eu, "region")).toEqual(["region:eu-west-1"]);
    const linkerd = await graph({ mesh: "linkerd" });
    expect(ids(linkerd, "cluster")).toEqual(["cluster:west-1"]);
    const ns = await graph({ namespace: "bookinfo", group: "namespace" });
    expect(ids(ns, "namespace")).toEqual([
      "ns:east-1/bookinfo",
      "ns:east-2/bookinfo",
      "ns:west-1/bookinfo",
    ]);
    expect(parentOf(ns, "svc:east-1/bookinfo/reviews")).toBe("ns:east-1/bookinfo");
    // A known mesh that no cluster runs is a valid, empty answer.
    expect((await graph({ mesh: "consul" })).nodes).toEqual([]);
    // Nothing is exported in the seeded demo.
    expect((await graph({ exported: "true" })).nodes).toEqual([]);
  });

  it("collapses a cluster into one node", async () => {
    const g = await graph({ collapse: "cluster:east-1" });
    expect(g.nodes.find((n) => n.id === "cluster:east-1")).toMatchObject({ collapsed: true });
    expect(ids(g, "service").some((id) => id.startsWith("svc:east-1/"))).toBe(false);
    expect(g.edges.some((e) => e.kind === "member" && e.source === "cluster:east-1")).toBe(true);
  });

  it("answers 400 with the allowed values for unknown filter values", async () => {
    const res = await get({ cluster: "nope", region: "mars" });
    expect(res.status).toBe(400);
    const body = res.body as ErrorBody;
    expect(body.error.code).toBe("invalid_filter");
    expect(body.error.message).toContain('cluster "nope" (allowed: east-1, east-2, west-1)');
    expect(body.error.message).toContain('region "mars" (allowed: eu-west-1, us-east-1)');
    expect(body.error.details?.allowed).toMatchObject({
      cluster: ["east-1", "east-2", "west-1"],
      mesh: ["istio", "linkerd", "cilium", "consul", "none"],
    });
    const mesh = await get({ mesh: "kuma" });
    expect(mesh.status).toBe(400);
    expect((mesh.body as ErrorBody).error.message).toContain("allowed: istio, linkerd, cilium");
    const collapse = await get({ collapse: "svc:east-1/bookinfo/reviews" });
    expect(collapse.status).toBe(400);
    const bads: Record<string, string>[] = [{ errors: "yes" }, { color: "red" }, { group: "zone" }];
    for (const search of bads) {
      const bad = await get(search);
      expect(bad.status).toBe(400);
      expect((bad.body as ErrorBody).error.code).toBe("invalid_input");
    }
  });

  it("keeps every node and names the failing sources when Prometheus is down", async () => {
    // A loopback port nothing listens on: a real connection refusal, allowed by the admin list.
    await db().setting.create({
      data: { key: "metricsAllowedNetworks", value: ["127.0.0.1/32"] },
    });
    await db().prometheusSource.create({
      data: { name: "global", url: "http://127.0.0.1:9/", scope: "global" },
    });
    const g = await graph();
    expect(g.metrics).toEqual({
      configured: true,
      sources: ["global"],
      window: "60s",
      reporter: "destination",
    });
    expect(ids(g, "service")).toHaveLength(9);
    expect(g.errors.map((e) => e.source)).toEqual(["global"]);
    const text = JSON.stringify(g.errors);
    expect(text).not.toContain("127.0.0.1");
  });
});
