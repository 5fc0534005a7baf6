// Admission control on the inventory path (issue 23): with every inventory slot busy and the
// queue full, a report is refused at once with 503 + Retry-After and stores nothing; once a
// slot frees, the same report is stored. The queue is the real one the route uses.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as report from "@/app/api/agent/v1/report/route";
import { bookinfoFleet } from "@/lib/demo/bookinfo-fleet";
import { db } from "@/lib/store/client";
import { inventorySlots } from "@/lib/services/inventory";
import { resetDatabase } from "../helpers/db";
import { call } from "../helpers/api";
import { AGENT_INFO, registeredCluster } from "../helpers/agent";
import { occupyInventoryQueue } from "../helpers/inventory-queue";

vi.hoisted(() => {
  process.env.MERIDIAN_INVENTORY_QUEUE_MAX = "2";
});

const snapshot = bookinfoFleet().find((c) => c.cluster.name === "east-1")!.snapshot;

describe("inventory admission control", () => {
  let credential: string;
  let release: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    await resetDatabase();
    credential = await registeredCluster("east-1");
  });
  afterEach(async () => {
    await release?.();
    release = undefined;
  });

  it("answers 503 with Retry-After past the queue, stores nothing, then stores the same report", async () => {
    release = await occupyInventoryQueue();
    expect(inventorySlots().load.waiting).toBe(2);
    const before = await db().service.count();
    const refused = await call(report.POST, "POST", "/api/agent/v1/report", {
      token: credential,
      body: { kind: "snapshot", agent: AGENT_INFO, snapshot },
    });
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({ error: { code: "saturated" } });
    expect(await db().service.count()).toBe(before);
    expect(inventorySlots().load.waiting).toBe(2); // the refused report never queued

    await release();
    release = undefined;
    const stored = await call(report.POST, "POST", "/api/agent/v1/report", {
      token: credential,
      body: { kind: "snapshot", agent: AGENT_INFO, snapshot },
    });
    expect(stored.status).toBeLessThan(300);
    expect(await db().service.count({ where: { clusterName: "east-1" } })).toBe(
      snapshot.services.length,
    );
  });
});
