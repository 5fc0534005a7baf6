// Errors that said the wrong thing (issue 17.6): a service listed twice in an agent's delta
// report answered 409 "An object with that name already exists", and a plan naming a version
// from the future read "changed since you read it". Each now says what is wrong.
import { beforeAll, describe, expect, it } from "vitest";
import * as report from "@/app/api/agent/v1/report/route";
import * as plans from "@/app/api/v1/plans/route";
import { bookinfoFleet } from "@/lib/demo/bookinfo-fleet";
import { db } from "@/lib/store/client";
import { seedDemoFleet } from "@/lib/services/inventory/demo-seed";
import { resetDatabase } from "../helpers/db";
import { call, userWithToken } from "../helpers/api";
import { AGENT_INFO, registeredCluster } from "../helpers/agent";

describe("misleading errors", () => {
  let agent: string;
  let operator: string;
  beforeAll(async () => {
    await resetDatabase();
    await seedDemoFleet();
    operator = (await userWithToken("operator")).token;
    agent = await registeredCluster("delta-1");
    const snapshot = bookinfoFleet().find((c) => c.cluster.name === "east-1")!.snapshot;
    const res = await call(report.POST, "POST", "/x", {
      token: agent,
      body: { kind: "snapshot", agent: AGENT_INFO, snapshot },
    });
    expect(res.status).toBe(200);
  });

  it("a service listed twice in a delta is a 400 naming it, and nothing changes", async () => {
    const snapshot = bookinfoFleet().find((c) => c.cluster.name === "east-1")!.snapshot;
    const reviews = snapshot.services.find((s) => s.name === "reviews")!;
    const before = await db().service.findMany({
      where: { clusterName: "delta-1" },
      orderBy: { name: "asc" },
    });
    for (const body of [
      { upserts: [reviews, { ...reviews, endpointsByZone: {} }] },
      { upserts: [reviews], deletes: [{ namespace: reviews.namespace, name: reviews.name }] },
      {
        deletes: [
          { namespace: "bookinfo", name: "details" },
          { namespace: "bookinfo", name: "details" },
        ],
      },
    ]) {
      const res = await call(report.POST, "POST", "/x", {
        token: agent,
        body: { kind: "delta", agent: AGENT_INFO, ...body },
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(/duplicate service bookinfo\/(reviews|details)/);
    }
    const after = await db().service.findMany({
      where: { clusterName: "delta-1" },
      orderBy: { name: "asc" },
    });
    expect(after).toEqual(before);
  });

  it("a plan naming a version from the future names the version that does not exist", async () => {
    const res = await call(plans.POST, "POST", "/x", {
      token: operator,
      body: {
        changes: [{ namespace: "bookinfo", name: "reviews", version: 7, exports: ["east-1"] }],
      },
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      error: {
        code: "unknown_version",
        message: "bookinfo/reviews has no version 7 (the latest is 1): read it again and plan",
      },
    });
  });

  it("a stale version still reads as changed since it was read", async () => {
    const res = await call(plans.POST, "POST", "/x", {
      token: operator,
      body: {
        changes: [{ namespace: "bookinfo", name: "reviews", version: 0, exports: ["east-1"] }],
      },
    });
    expect(res.status).toBe(400);
  });
});
