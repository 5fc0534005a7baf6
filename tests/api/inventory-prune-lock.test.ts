// Snapshots and deltas of clusters that run the same global services must not queue behind each
// other on those rows (issue 23). A report removing a service prunes the global services nobody
// uses any more; one that another report is giving a service in a transaction still open looks
// unused (that service is not committed yet), and its row is locked by the new service's foreign
// key. The prune used to wait for that whole transaction — then fail on the foreign key once it
// committed. It now leaves such a row alone and goes on.
import pg from "pg";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { bookinfoFleet } from "@/lib/demo/bookinfo-fleet";
import { db } from "@/lib/store/client";
import { createCluster, updateCluster } from "@/lib/services/inventory/clusters";
import { applyClusterDelta, applyClusterSnapshot } from "@/lib/services/agents/inventory";
import { resetDatabase } from "../helpers/db";

const SYSTEM = { type: "system", label: "test" } as const;
const snapshot = bookinfoFleet().find((c) => c.cluster.name === "east-1")!.snapshot;

async function liveCluster(name: string) {
  const c = await createCluster({ name, region: "us-east-1" }, SYSTEM);
  await updateCluster(name, { version: c.version, state: "live" }, SYSTEM);
}

describe("pruning global services beside other reports in flight", () => {
  let other: pg.Client | undefined;
  beforeAll(async () => {
    await resetDatabase();
    await liveCluster("lock-a");
    await liveCluster("lock-b");
    await applyClusterSnapshot("lock-b", snapshot, SYSTEM);
  });
  afterEach(async () => {
    await other?.query("ROLLBACK").catch(() => undefined);
    await other?.end();
    other = undefined;
  });

  it("prunes the global services nobody runs after a removal, and keeps the rest", async () => {
    const before = (await db().globalService.findMany({ select: { name: true } })).map(
      (g) => g.name,
    );
    expect(before).toEqual(expect.arrayContaining(["productpage", "reviews"]));
    await applyClusterDelta(
      "lock-b",
      { upserts: [], deletes: [{ namespace: "bookinfo", name: "productpage" }] },
      SYSTEM,
    );
    const after = (await db().globalService.findMany({ select: { name: true } })).map(
      (g) => g.name,
    );
    expect(after).not.toContain("productpage");
    expect(after).toEqual(expect.arrayContaining(["reviews", "details"]));
  });

  // A report in flight on a second connection needs a real Postgres server: the embedded
  // database serves one backend, so one transaction at a time (as agent-credential-cache).
  if (process.env.MERIDIAN_DB_POOL_MAX !== "1")
    it("does not wait for another report's open transaction, and that report still commits", async () => {
      // Another report (lock-a's) in flight: its global service was created up front, committed,
      // and its transaction has inserted lock-a's service but not committed yet.
      const shared = await db().globalService.create({
        data: { namespace: "bookinfo", name: "shared", hostname: "shared.bookinfo.test" },
      });
      other = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await other.connect();
      await other.query("BEGIN");
      await other.query(
        `INSERT INTO "Service" ("id", "clusterName", "namespace", "name", "type", "globalServiceId", "updatedAt")
       VALUES ('lock-a-shared', 'lock-a', 'bookinfo', 'shared', 'ClusterIP', $1, now())`,
        [shared.id],
      );

      // lock-b's agent reports that `details` is gone: a removal, so a prune.
      const removal = applyClusterDelta(
        "lock-b",
        { upserts: [], deletes: [{ namespace: "bookinfo", name: "details" }] },
        SYSTEM,
      ).then(() => "stored" as const);
      const outcome = await Promise.race([
        removal,
        new Promise<"waiting">((r) => setTimeout(() => r("waiting"), 10_000)),
      ]);
      expect(outcome).toBe("stored");

      await other.query("COMMIT");
      const names = (await db().globalService.findMany({ select: { name: true } })).map(
        (g) => g.name,
      );
      expect(names).toContain("shared"); // kept: lock-a's service uses it
      expect(names).not.toContain("details"); // pruned: nobody runs it any more
      expect(await db().service.count({ where: { globalServiceId: shared.id } })).toBe(1);
    }, 30_000);
});
