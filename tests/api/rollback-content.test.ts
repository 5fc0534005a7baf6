// A rollback compares the intent's content with what the change set produced, not its version
// (issue 24.1): a later change that was itself rolled back leaves the earlier change set
// roll-back-able; a real later change makes it stale, and the 409 names the change sets in
// between and carries the changes that plan a rollback to the state before it.
import { beforeAll, describe, expect, it } from "vitest";
import * as intentRoute from "@/app/api/v1/intent/route";
import * as plans from "@/app/api/v1/plans/route";
import * as changeSets from "@/app/api/v1/change-sets/route";
import * as rollback from "@/app/api/v1/change-sets/[id]/rollback/route";
import type { ChangeSetDto, IntentChange, IntentDto } from "@/lib/model/intent";
import { acceptStatus } from "@/lib/services/agents/reports";
import { db } from "@/lib/store/client";
import { seedDemoFleet } from "@/lib/services/inventory/demo-seed";
import { resetDatabase } from "../helpers/db";
import { call, userWithToken } from "../helpers/api";

const REVIEWS = { namespace: "bookinfo", name: "reviews" };
const FAILOVER = {
  tiers: [{ clusters: [{ name: "east-1" }] }, { clusters: [{ name: "east-2" }] }],
  outlierDetection: {
    consecutive5xxErrors: 5,
    interval: "10s",
    baseEjectionTime: "30s",
    maxEjectionPercent: 100,
  },
};

type StaleBody = {
  error: {
    code: string;
    message: string;
    details: {
      target: number;
      services: string[];
      changeSets: { number: number; title: string }[];
      restore: IntentChange[];
    };
  };
};

describe("rollback by content", () => {
  let operator: string;
  const reviews = async () => {
    const res = await call(intentRoute.GET, "GET", "/x", { token: operator });
    return (res.body as { items: IntentDto[] }).items.find((s) => s.name === "reviews")!;
  };
  /** Apply `change` at the current version and let every agent acknowledge it. */
  const apply = async (change: Partial<IntentChange>) => {
    const res = await call(changeSets.POST, "POST", "/x", {
      token: operator,
      body: { changes: [{ ...REVIEWS, version: (await reviews()).version, ...change }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return acknowledged(res.body as ChangeSetDto);
  };
  const acknowledged = async (c: ChangeSetDto) => {
    for (const m of c.clusters)
      await acceptStatus(
        { clusterName: m.cluster, credentialId: "test" },
        { generation: m.generation, results: [] },
      );
    return c;
  };
  const rollBack = (c: ChangeSetDto) =>
    call(rollback.POST, "POST", "/x", { token: operator, params: { id: String(c.number) } });

  beforeAll(async () => {
    await resetDatabase();
    await seedDemoFleet();
    operator = (await userWithToken("operator")).token;
  });

  it("rolls back #1 after #2 was rolled back by #3, although the version moved from 2 to 4", async () => {
    const shared = await apply({ exports: ["east-1", "east-2"], imports: ["east-1"] });
    const failover = await apply({ failover: FAILOVER });
    const undo = await rollBack(failover);
    expect(undo.status, JSON.stringify(undo.body)).toBe(201);
    await acknowledged(undo.body as ChangeSetDto);
    expect(await reviews()).toMatchObject({ version: 4, failover: null });

    const res = await rollBack(shared);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ rollbackOf: shared.number });
    expect(await reviews()).toMatchObject({ version: 5, exports: [], imports: [] });
  });

  it("a truly stale rollback is a 409 naming the change sets in between, with a plan to restore", async () => {
    const shared = await apply({ exports: ["east-1", "east-2"], imports: ["east-1"] });
    const failover = await apply({ failover: FAILOVER });
    const before = {
      changeSets: await db().changeSet.count(),
      version: (await reviews()).version,
    };
    const res = await rollBack(shared);
    expect(res.status).toBe(409);
    const { error } = res.body as StaleBody;
    expect(error.code).toBe("rollback_stale");
    expect(error.message).toContain(`bookinfo/reviews changed since #${shared.number}`);
    expect(error.details.target).toBe(shared.number);
    expect(error.details.services).toEqual(["bookinfo/reviews"]);
    expect(error.details.changeSets.map((c) => c.number)).toEqual([failover.number]);
    // Nothing changed.
    expect(await db().changeSet.count()).toBe(before.changeSets);
    expect((await reviews()).version).toBe(before.version);

    // The restore changes are at today's version and plan the state before #shared.
    const restore = error.details.restore;
    expect(restore).toEqual([
      expect.objectContaining({
        ...REVIEWS,
        version: before.version,
        exports: [],
        imports: [],
        failover: null,
      }),
    ]);
    const plan = await call(plans.POST, "POST", "/x", {
      token: operator,
      body: { changes: restore },
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    const applied = await call(changeSets.POST, "POST", "/x", {
      token: operator,
      body: { changes: restore, title: `Restore the state before #${shared.number}` },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    expect(await reviews()).toMatchObject({ exports: [], imports: [], failover: null });
  });

  it("a 409 on a stale plan carries the last change's time as data, not in the message", async () => {
    const res = await call(changeSets.POST, "POST", "/x", {
      token: operator,
      body: { changes: [{ ...REVIEWS, version: 1, exports: ["east-1"] }] },
    });
    expect(res.status).toBe(409);
    const error = (res.body as { error: { message: string; details: { lastChange: unknown } } })
      .error;
    expect(error.message).toMatch(/last changed by .* in change set #\d+$/);
    expect(error.message).not.toMatch(/\d{4}-\d\d-\d\dT/);
    expect(error.details.lastChange).toMatchObject({
      changeSet: expect.any(Number),
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });
});
