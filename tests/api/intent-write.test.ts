// writeServiceIntents: many global services' intent in a fixed number of statements, each
// guarded by its version — on the demo fleet in the real database.
import { beforeAll, describe, expect, it } from "vitest";
import type { IntentDto } from "@/lib/model/intent";
import { db } from "@/lib/store/client";
import { seedDemoFleet } from "@/lib/services/inventory/demo-seed";
import { loadIntent } from "@/lib/store/intent";
import { writeServiceIntents, type IntentWrite } from "@/lib/store/intent-write";
import { resetDatabase } from "../helpers/db";

const FAILOVER = {
  tiers: [{ clusters: [{ name: "east-1" }] }, { clusters: [{ name: "east-2", weight: 100 }] }],
  outlierDetection: {
    consecutive5xxErrors: 7,
    interval: "20s",
    baseEjectionTime: "45s",
    maxEjectionPercent: 50,
  },
};

const byName = async () => new Map((await loadIntent()).map((s) => [s.name, s]));
const write = (writes: IntentWrite[]) => db().$transaction((tx) => writeServiceIntents(tx, writes));
const rows = async (name: string) => ({
  exports: await db().serviceExport.findMany({
    where: { globalService: { name } },
    select: { clusterName: true, enabled: true },
    orderBy: { clusterName: "asc" },
  }),
  failover: await db().failoverPolicy.findFirst({ where: { globalService: { name } } }),
});

describe("writeServiceIntents", () => {
  beforeAll(async () => {
    await resetDatabase();
    await seedDemoFleet();
  });

  it("writes exports, imports, failover, weights and access of several services at once", async () => {
    const s = await byName();
    const reviews: IntentDto = {
      ...s.get("reviews")!,
      exports: ["east-1", "east-2"],
      imports: ["west-1"],
      failover: FAILOVER,
      trafficWeights: { "east-1": 80, "east-2": 20 },
      access: ["west-1"],
    };
    const ratings: IntentDto = { ...s.get("ratings")!, exports: ["east-1"], imports: ["west-1"] };
    expect(
      await write([
        { intent: reviews, baseVersion: reviews.version },
        { intent: ratings, baseVersion: ratings.version },
      ]),
    ).toBeNull();
    const after = await byName();
    expect(after.get("reviews")).toEqual({ ...reviews, version: reviews.version + 1 });
    expect(after.get("ratings")).toEqual({ ...ratings, version: ratings.version + 1 });
    expect(after.get("details")?.version).toBe(s.get("details")!.version);
  });

  it("disables dropped clusters, re-enables old rows without duplicates, keeps failover settings when off", async () => {
    const reviews = (await byName()).get("reviews")!;
    const narrowed = { ...reviews, exports: ["east-2"], failover: null, trafficWeights: null };
    expect(await write([{ intent: narrowed, baseVersion: reviews.version }])).toBeNull();
    expect((await rows("reviews")).exports).toEqual([
      { clusterName: "east-1", enabled: false },
      { clusterName: "east-2", enabled: true },
    ]);
    const off = (await rows("reviews")).failover;
    expect(off).toMatchObject({ enabled: false, consecutive5xx: 7, interval: "20s" });
    expect((await byName()).get("reviews")).toMatchObject({
      exports: ["east-2"],
      failover: null,
      trafficWeights: null,
      access: ["west-1"],
    });

    const widened = { ...narrowed, version: narrowed.version + 1, exports: ["east-1", "east-2"] };
    expect(await write([{ intent: widened, baseVersion: widened.version }])).toBeNull();
    expect((await rows("reviews")).exports).toEqual([
      { clusterName: "east-1", enabled: true },
      { clusterName: "east-2", enabled: true },
    ]);
  });

  it("makes a new exporter younger than every exporter that stays, so it is read back last", async () => {
    const reviews = (await byName()).get("reviews")!;
    const one = { ...reviews, exports: ["east-2"], failover: null, trafficWeights: null };
    expect(await write([{ intent: one, baseVersion: reviews.version }])).toBeNull();
    // As if east-2 had been written by a transaction that started after ours, or in the same
    // millisecond: now() alone would put east-1 first.
    await db().serviceExport.updateMany({
      where: { globalService: { name: "reviews" }, clusterName: "east-2" },
      data: { updatedAt: new Date(Date.now() + 60_000) },
    });
    const two = { ...one, version: one.version + 1, exports: ["east-2", "east-1"] };
    expect(await write([{ intent: two, baseVersion: two.version }])).toBeNull();
    expect((await byName()).get("reviews")?.exports).toEqual(["east-2", "east-1"]);
  });

  it("names the first stale service and, rolled back, changes nothing", async () => {
    const s = await byName();
    const before = await loadIntent();
    const details = { ...s.get("details")!, exports: ["east-1"] };
    const reviews = { ...s.get("reviews")!, exports: [] };
    let stale: string | null = null;
    await expect(
      db().$transaction(async (tx) => {
        stale = await writeServiceIntents(tx, [
          { intent: details, baseVersion: details.version },
          { intent: reviews, baseVersion: reviews.version - 1 },
        ]);
        if (stale) throw new Error("stale");
      }),
    ).rejects.toThrow("stale");
    expect(stale).toBe("bookinfo/reviews");
    expect(await loadIntent()).toEqual(before);
  });
});
