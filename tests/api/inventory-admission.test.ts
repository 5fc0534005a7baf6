// Admission control on the inventory path (issue 23): with every inventory slot busy and the
// queue full, a report is refused at once with 503 + Retry-After and stores nothing; once a
// slot frees, the same report is stored. Under a storm, a report does no database work until it
// has a slot (a refused one has cost nothing but its parse), and one that waited past
// MERIDIAN_INVENTORY_QUEUE_WAIT_MS is refused with 503 + Retry-After — by the server, before the
// agent's own request timeout — having stored nothing. The queue is the real one the route uses.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as report from "@/app/api/agent/v1/report/route";
import { bookinfoFleet } from "@/lib/demo/bookinfo-fleet";
import { db } from "@/lib/store/client";
import { waitFor } from "../../scripts/lib/processes";
import { inventorySlots } from "@/lib/services/agents/inventory";
import { resetDatabase } from "../helpers/db";
import { call } from "../helpers/api";
import { AGENT_INFO, registeredCluster } from "../helpers/agent";
import { occupyInventoryQueue, occupyInventorySlots } from "../helpers/inventory-queue";

vi.hoisted(() => {
  process.env.MERIDIAN_INVENTORY_QUEUE_MAX = "2";
  process.env.MERIDIAN_INVENTORY_QUEUE_WAIT_MS = "5000";
});

const snapshot = bookinfoFleet().find((c) => c.cluster.name === "east-1")!.snapshot;
const send = (credential: string) =>
  call(report.POST, "POST", "/api/agent/v1/report", {
    token: credential,
    body: { kind: "snapshot", agent: AGENT_INFO, snapshot },
  });

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

  it("refuses a report that waited past the wait bound with 503 + Retry-After, storing nothing", async () => {
    release = await occupyInventorySlots();
    expect(inventorySlots().load.waiting).toBe(0);
    const refused = await send(credential);
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ error: { code: "saturated" } });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(5);
    expect(inventorySlots().load.waiting).toBe(0); // it left the queue
    expect(await db().service.count()).toBe(0);
    expect(await db().globalService.count()).toBe(0);
  });

  it("does no database work for a report until it has a slot, then stores it", async () => {
    release = await occupyInventorySlots();
    const pending = send(credential);
    await waitFor("the report queued", () => inventorySlots().load.waiting === 1, 4000, 5);
    // Waiting: not even its global services were written (they were, before it queued, once).
    expect(await db().globalService.count()).toBe(0);
    await release();
    release = undefined;
    const stored = await pending;
    expect(stored.status).toBeLessThan(300);
    expect(await db().service.count({ where: { clusterName: "east-1" } })).toBe(
      snapshot.services.length,
    );
    expect(await db().globalService.count()).toBeGreaterThan(0);
  });

  it("answers 503 with Retry-After past the queue, stores nothing, then stores the same report", async () => {
    release = await occupyInventoryQueue();
    expect(inventorySlots().load.waiting).toBe(2);
    const before = await db().service.count();
    const refused = await send(credential);
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({ error: { code: "saturated" } });
    expect(await db().service.count()).toBe(before);
    expect(inventorySlots().load.waiting).toBe(2); // the refused report never queued

    await release();
    release = undefined;
    const stored = await send(credential);
    expect(stored.status).toBeLessThan(300);
    expect(await db().service.count({ where: { clusterName: "east-1" } })).toBe(
      snapshot.services.length,
    );
  });
});
