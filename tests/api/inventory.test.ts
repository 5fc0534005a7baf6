// Inventory snapshots through the domain function the agents (and the demo seed) use.
import { beforeAll, describe, expect, it } from "vitest";
import * as globalServices from "@/app/api/v1/global-services/route";
import * as globalService from "@/app/api/v1/global-services/[namespace]/[name]/route";
import * as services from "@/app/api/v1/services/route";
import * as overview from "@/app/api/v1/overview/route";
import { bookinfoFleet } from "@/lib/demo/bookinfo-fleet";
import { db } from "@/lib/store/client";
import { seedDemoFleet } from "@/lib/services/inventory/demo-seed";
import { createCluster, updateCluster } from "@/lib/services/inventory/clusters";
import { applyClusterSnapshot } from "@/lib/services/agents/inventory";
import { resetDatabase } from "../helpers/db";
import { call, userWithToken } from "../helpers/api";

const SYSTEM = { type: "system", label: "test" } as const;
type GsList = {
  items: { name: string; hostname: string; clusters: { cluster: string }[]; health: string }[];
};

describe("inventory snapshots and global services", () => {
  let viewer: string;
  beforeAll(async () => {
    await resetDatabase();
    viewer = (await userWithToken("viewer")).token;
    await seedDemoFleet();
  });

  it("derives one global service per namespace/name across clusters", async () => {
    const res = await call(globalServices.GET, "GET", "/api/v1/global-services", { token: viewer });
    expect(res.status).toBe(200);
    const items = (res.body as GsList).items;
    expect(items.map((g) => g.name)).toEqual(["details", "productpage", "ratings", "reviews"]);
    const reviews = items.find((g) => g.name === "reviews")!;
    expect(reviews.hostname).toBe("reviews.bookinfo.global");
    expect(reviews.clusters.map((c) => c.cluster)).toEqual(["east-1", "east-2", "west-1"]);
    expect(reviews.health).toBe("degraded"); // west-1 has 3 of 4 reviews endpoints ready
  });

  it("filters by search text, cluster, mesh and multi-cluster", async () => {
    const names = async (search: Record<string, string>) =>
      (
        (
          await call(globalServices.GET, "GET", "/api/v1/global-services", {
            token: viewer,
            search,
          })
        ).body as GsList
      ).items.map((g) => g.name);
    expect(await names({ q: "REV" })).toEqual(["reviews"]);
    expect(await names({ cluster: "west-1" })).toEqual(["productpage", "ratings", "reviews"]);
    expect(await names({ mesh: "linkerd" })).toEqual(["productpage", "ratings", "reviews"]);
    expect(await names({ mesh: "istio", q: "rat" })).toEqual(["ratings"]);
    expect(await names({ multiCluster: "true" })).toHaveLength(4);
  });

  it("rejects unknown filters and values with 400 naming them", async () => {
    const bad = await call(globalServices.GET, "GET", "/api/v1/global-services", {
      token: viewer,
      search: { colour: "x" },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("colour");
    const mesh = await call(globalServices.GET, "GET", "/api/v1/global-services", {
      token: viewer,
      search: { mesh: "kuma" },
    });
    expect(mesh.status).toBe(400);
    expect(JSON.stringify(mesh.body)).toMatch(/istio/);
  });

  it("reads one global service, and 404s an unknown one", async () => {
    const ok = await call(globalService.GET, "GET", "/x", {
      token: viewer,
      params: { namespace: "bookinfo", name: "ratings" },
    });
    expect(ok.body).toMatchObject({
      name: "ratings",
      clusters: [{ cluster: "east-2" }, { cluster: "west-1" }],
    });
    const missing = await call(globalService.GET, "GET", "/x", {
      token: viewer,
      params: { namespace: "bookinfo", name: "nope" },
    });
    expect(missing.status).toBe(404);
  });

  it("lists service instances per cluster with endpoint counts by zone", async () => {
    const res = await call(services.GET, "GET", "/api/v1/services", {
      token: viewer,
      search: { cluster: "west-1", q: "ratings" },
    });
    expect(res.body).toMatchObject({
      items: [
        {
          cluster: "west-1",
          name: "ratings",
          endpoints: { ready: 1, total: 2 },
          endpointsByZone: { "eu-west-1a": { ready: 1, total: 2 } },
        },
      ],
    });
  });

  it("replaces a cluster's services with a new snapshot and prunes orphaned global services", async () => {
    const east2 = bookinfoFleet().find((c) => c.cluster.name === "east-2")!;
    const only = {
      ...east2.snapshot,
      services: east2.snapshot.services.filter((s) => s.name !== "ratings"),
    };
    const west1 = bookinfoFleet().find((c) => c.cluster.name === "west-1")!;
    const westOnly = {
      ...west1.snapshot,
      services: west1.snapshot.services.filter((s) => s.name !== "ratings"),
    };
    expect(await applyClusterSnapshot("east-2", only, SYSTEM)).toEqual({
      created: 0,
      updated: 0,
      removed: 1,
    });
    expect(await db().globalService.count({ where: { name: "ratings" } })).toBe(1);
    await applyClusterSnapshot("west-1", westOnly, SYSTEM);
    expect(await db().globalService.count({ where: { name: "ratings" } })).toBe(0);
  });

  it("marks a cluster seen on an unchanged snapshot, and still writes a changed mesh", async () => {
    const east1 = bookinfoFleet().find((c) => c.cluster.name === "east-1")!;
    await applyClusterSnapshot("east-1", east1.snapshot, SYSTEM);
    await db().cluster.update({ where: { name: "east-1" }, data: { lastSeenAt: new Date(0) } });
    const audits = await db().auditEvent.count();
    expect(await applyClusterSnapshot("east-1", east1.snapshot, SYSTEM)).toEqual({
      created: 0,
      updated: 0,
      removed: 0,
    });
    const seen = await db().cluster.findUniqueOrThrow({ where: { name: "east-1" } });
    expect(seen.lastSeenAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await db().auditEvent.count()).toBe(audits);

    const mesh = east1.snapshot.meshes[0]!;
    const upgraded = { ...east1.snapshot, meshes: [{ ...mesh, version: "9.9.9" }] };
    await applyClusterSnapshot("east-1", upgraded, SYSTEM);
    const stored = await db().mesh.findFirstOrThrow({
      where: { clusterName: "east-1", type: mesh.type },
    });
    expect(stored.version).toBe("9.9.9");
    await applyClusterSnapshot("east-1", east1.snapshot, SYSTEM);
    expect(
      (await db().mesh.findFirstOrThrow({ where: { clusterName: "east-1", type: mesh.type } }))
        .version,
    ).toBe(mesh.version);
  });

  it("refuses an invalid snapshot and changes nothing", async () => {
    const before = await db().service.count();
    const dupe = bookinfoFleet()[0]!.snapshot.services[0]!;
    await expect(
      applyClusterSnapshot("east-1", { meshes: [], services: [dupe, dupe] }, SYSTEM),
    ).rejects.toThrow(/duplicate service/);
    await expect(
      applyClusterSnapshot(
        "east-1",
        { meshes: [], services: [{ ...dupe, endpointsByZone: { a: { ready: 3, total: 1 } } }] },
        SYSTEM,
      ),
    ).rejects.toThrow(/ready endpoints cannot exceed/);
    await expect(
      applyClusterSnapshot("nowhere", { meshes: [], services: [] }, SYSTEM),
    ).rejects.toThrow(/Cluster not found/);
    expect(await db().service.count()).toBe(before);
  });

  it("shows a silent cluster as stale with last known counts, never as zero endpoints", async () => {
    await db().cluster.update({
      where: { name: "west-1" },
      data: { lastSeenAt: new Date(Date.now() - 3600_000) },
    });
    const res = await call(overview.GET, "GET", "/api/v1/overview", { token: viewer });
    const body = res.body as {
      counts: { staleClusters: number };
      regions: {
        clusters: {
          name: string;
          stale: boolean;
          agent: { status: string };
          endpoints: { total: number };
        }[];
      }[];
    };
    expect(body.counts.staleClusters).toBe(1);
    const west = body.regions.flatMap((r) => r.clusters).find((c) => c.name === "west-1")!;
    expect(west).toMatchObject({ stale: true, agent: { status: "stale" } });
    expect(west.endpoints.total).toBeGreaterThan(0);
    const rev = (
      (await call(globalServices.GET, "GET", "/x", { token: viewer, search: { q: "reviews" } }))
        .body as GsList
    ).items[0]!;
    expect(rev.health).toBe("healthy"); // only fresh clusters count; east-1 and east-2 are fully ready
  });
  it("stores a storm of concurrent snapshots, none refused for want of a connection", async () => {
    const names = Array.from({ length: 24 }, (_, i) => `storm-${i}`);
    for (const name of names) {
      const created = await createCluster({ name, region: "storm" }, SYSTEM, { simulated: true });
      await updateCluster(name, { version: created.version, state: "live" }, SYSTEM);
    }
    const snapshot = (cluster: string) => ({
      meshes: [],
      services: Array.from({ length: 40 }, (_, k) => ({
        namespace: "storm",
        name: `svc-${k}`,
        type: "ClusterIP",
        ports: [{ name: "http", port: 80, protocol: "TCP" }],
        labels: { cluster },
        endpointsByZone: {},
      })),
    });
    const results = await Promise.allSettled(
      names.map((n) => applyClusterSnapshot(n, snapshot(n), SYSTEM)),
    );
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    expect(await db().service.count({ where: { clusterName: { in: names } } })).toBe(24 * 40);
    // A report whose agent went away while it waited is dropped, not run.
    const gone = AbortSignal.abort();
    const changed = { ...snapshot("storm-0"), services: [] };
    await expect(applyClusterSnapshot("storm-0", changed, SYSTEM, gone)).rejects.toMatchObject({
      kind: "unavailable",
      code: "client_gone",
    });
    expect(await db().service.count({ where: { clusterName: "storm-0" } })).toBe(40);
  });
});
