// A snapshot is all or nothing (issue 17.1). At the 20,000-service cap it is stored (its lists
// go to Postgres in chunks under the bind-parameter limit); one over the cap is a 400. When the
// snapshot's transaction fails midway (an error at its last service, or its connection killed),
// every inventory table is byte-identical to before: not one global service it created up
// front is left behind.
//
// The failures come from a trigger on "Service", inside the real database. The killed
// connection is real on Postgres (TEST_DATABASE_URL: the backend terminates itself with
// pg_terminate_backend mid-transaction); the embedded database has a single backend that must
// live on, so there the trigger raises the error a terminated backend reports (SQLSTATE 57P01,
// admin_shutdown), a test double named as such.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as report from "@/app/api/agent/v1/report/route";
import { bookinfoFleet } from "@/lib/demo/bookinfo-fleet";
import { db, pgPool } from "@/lib/store/client";
import { resetDatabase } from "../helpers/db";
import { call } from "../helpers/api";
import { AGENT_INFO, registeredCluster } from "../helpers/agent";

const REAL_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
const CAP = 20_000;

function services(n: number, prefix: string) {
  return Array.from({ length: n }, (_, i) => ({
    namespace: `ns-${i % 40}`,
    name: `${prefix}-${i}`,
    type: "ClusterIP" as const,
    ports: [{ name: "http", port: 8080, protocol: "TCP" as const }],
    labels: { app: `${prefix}-${i}` },
    endpointsByZone: { "zone-a": { ready: 1, total: 1 } },
  }));
}

const snapshotOf = (list: ReturnType<typeof services>) => ({
  meshes: [{ type: "istio" as const, version: "1.29.0", trustDomain: "cluster.local" }],
  services: list,
});

/** Every row of the inventory tables, in a stable order, as JSON. */
async function inventoryDump(): Promise<string> {
  const [clusters, meshes, services, globals, audit] = await Promise.all([
    db().cluster.findMany({ orderBy: { name: "asc" } }),
    db().mesh.findMany({ orderBy: [{ clusterName: "asc" }, { type: "asc" }] }),
    db().service.findMany({ orderBy: { id: "asc" } }),
    db().globalService.findMany({ orderBy: { id: "asc" } }),
    db().auditEvent.findMany({ orderBy: { id: "asc" } }),
  ]);
  return JSON.stringify({ clusters, meshes, services, globals, audit }, (_k, v: unknown) =>
    typeof v === "bigint" ? v.toString() : v,
  );
}

async function failOnService(name: string, how: "error" | "kill") {
  const body =
    how === "error"
      ? `RAISE EXCEPTION 'snapshot-integrity: refused %', NEW.name`
      : REAL_POSTGRES
        ? `PERFORM pg_terminate_backend(pg_backend_pid()); PERFORM pg_sleep(5)`
        : `RAISE EXCEPTION 'terminating connection due to administrator command' USING ERRCODE = '57P01'`;
  await db().$executeRawUnsafe(
    `CREATE OR REPLACE FUNCTION snapshot_integrity_fail() RETURNS trigger AS $$ BEGIN ${body}; RETURN NEW; END $$ LANGUAGE plpgsql`,
  );
  await db().$executeRawUnsafe(
    `CREATE TRIGGER snapshot_integrity_fail BEFORE INSERT ON "Service" FOR EACH ROW WHEN (NEW.name = '${name}') EXECUTE FUNCTION snapshot_integrity_fail()`,
  );
}

describe("snapshots are all or nothing", () => {
  let agent: string;
  const send = (snapshot: unknown) =>
    call(report.POST, "POST", "/x", {
      token: agent,
      body: { kind: "snapshot", agent: AGENT_INFO, snapshot },
    });

  beforeAll(async () => {
    await resetDatabase();
    // A neighbour cluster whose inventory must never move, and ours with a first snapshot.
    const east = bookinfoFleet().find((c) => c.cluster.name === "east-1")!.snapshot;
    const neighbour = await registeredCluster("east-1");
    const seeded = await call(report.POST, "POST", "/x", {
      token: neighbour,
      body: { kind: "snapshot", agent: AGENT_INFO, snapshot: east },
    });
    expect(seeded.status).toBe(200);
    agent = await registeredCluster("big-1");
    expect((await send(snapshotOf(services(50, "base")))).status).toBe(200);
  }, 120_000);

  afterEach(async () => {
    await db().$executeRawUnsafe(`DROP TRIGGER IF EXISTS snapshot_integrity_fail ON "Service"`);
  });

  it("stores a snapshot at the cap, 20,000 services", async () => {
    const res = await send(snapshotOf(services(CAP, "cap")));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ created: CAP, updated: 0, removed: 50 });
    expect(await db().service.count({ where: { clusterName: "big-1" } })).toBe(CAP);
    expect(await db().globalService.count({ where: { name: { startsWith: "base-" } } })).toBe(0);
  }, 300_000);

  it("stores a snapshot at the cap that changes every service", async () => {
    const changed = services(CAP, "cap").map((s) => ({
      ...s,
      labels: { app: s.name, changed: "yes" },
      endpointsByZone: { "zone-a": { ready: 0, total: 2 } },
    }));
    const res = await send(snapshotOf(changed));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ created: 0, updated: CAP, removed: 0 });
    const one = await db().service.findFirstOrThrow({
      where: { clusterName: "big-1", name: "cap-7" },
    });
    expect(one).toMatchObject({
      labels: { app: "cap-7", changed: "yes" },
      endpointsReady: 0,
      endpointsTotal: 2,
      endpointsByZone: { "zone-a": { ready: 0, total: 2 } },
    });
  }, 300_000);

  it("refuses one over the cap with a 400, and changes nothing", async () => {
    const before = await inventoryDump();
    const res = await send(snapshotOf(services(CAP + 1, "over")));
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/20000|20,000/);
    expect(await inventoryDump()).toBe(before);
  }, 300_000);

  it("leaves every inventory table as it was when the transaction fails at its last service", async () => {
    const before = await inventoryDump();
    const list = services(5000, "fail");
    await failOnService(list.at(-1)!.name, "error");
    const res = await send(snapshotOf(list));
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(JSON.stringify(res.body)).not.toMatch(/snapshot_integrity|plpgsql|prisma/i);
    expect(await inventoryDump()).toBe(before);
    expect(await db().globalService.count({ where: { name: { startsWith: "fail-" } } })).toBe(0);
  }, 300_000);

  it(`leaves every inventory table as it was when the connection dies mid-snapshot (${REAL_POSTGRES ? "pg_terminate_backend" : "57P01 double"}), and the next snapshot is stored`, async () => {
    const before = await inventoryDump();
    const list = services(5000, "kill");
    await failOnService(list.at(-1)!.name, "kill");
    const res = await send(snapshotOf(list));
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(res.status).toBeLessThan(600);
    await db().$executeRawUnsafe(`DROP TRIGGER IF EXISTS snapshot_integrity_fail ON "Service"`);
    expect(await inventoryDump()).toBe(before);
    // The dead connection went back to the pool (which dropped it): none is left checked out.
    const pool = pgPool();
    await vi.waitFor(() => expect(pool.totalCount - pool.idleCount).toBe(0));
    const again = await send(snapshotOf(list));
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await db().service.count({ where: { clusterName: "big-1" } })).toBe(5000);
    expect(await db().service.count({ where: { clusterName: "east-1" } })).toBeGreaterThan(0);
  }, 300_000);
});
