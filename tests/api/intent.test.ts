// Intent → plan → apply → acknowledge → rollback through the REST API, on the demo fleet in
// the real database; bad input and stale plans change nothing.
import { beforeAll, describe, expect, it } from "vitest";
import * as intentRoute from "@/app/api/v1/intent/route";
import * as plans from "@/app/api/v1/plans/route";
import * as changeSets from "@/app/api/v1/change-sets/route";
import * as changeSet from "@/app/api/v1/change-sets/[id]/route";
import * as rollback from "@/app/api/v1/change-sets/[id]/rollback/route";
import * as serving from "@/app/api/v1/global-services/[namespace]/[name]/serving/route";
import type { ChangeSetDto, IntentDto, PlanDto, ServingDto } from "@/lib/model/intent";
import { acceptStatus } from "@/lib/services/agents/reports";
import { db } from "@/lib/store/client";
import { seedDemoFleet } from "@/lib/services/inventory/demo-seed";
import { resetDatabase } from "../helpers/db";
import { call, userWithToken } from "../helpers/api";

const REVIEWS = { namespace: "bookinfo", name: "reviews" };

describe("intent, plan, apply and rollback", () => {
  let operator: string;
  let viewer: string;
  const reviewsIntent = async () => {
    const res = await call(intentRoute.GET, "GET", "/x", { token: viewer });
    return (res.body as { items: IntentDto[] }).items.find((s) => s.name === "reviews")!;
  };
  const snapshot = async () => ({
    changeSets: await db().changeSet.count(),
    desired: (await db().desiredState.findMany({ orderBy: { clusterName: "asc" } })).map(
      (d) => `${d.clusterName}:${d.generation}`,
    ),
    versions: (await db().globalService.findMany({ orderBy: { name: "asc" } })).map(
      (g) => `${g.name}:${g.version}`,
    ),
    exports: await db().serviceExport.count({ where: { enabled: true } }),
  });
  const share = { ...REVIEWS, version: 1, exports: ["east-1", "east-2"], imports: ["west-1"] };

  beforeAll(async () => {
    await resetDatabase();
    await seedDemoFleet();
    operator = (await userWithToken("operator")).token;
    viewer = (await userWithToken("viewer")).token;
  });

  it("lists intent deny-by-default, with versions", async () => {
    const reviews = await reviewsIntent();
    expect(reviews).toMatchObject({ version: 1, exports: [], imports: [], failover: null });
  });

  it("pages intent in (namespace, name) order with a cursor, and filters by name", async () => {
    const all = (await call(intentRoute.GET, "GET", "/x", { token: viewer })).body as {
      items: IntentDto[];
      nextCursor: string | null;
    };
    expect(all.items.length).toBeGreaterThan(2);
    expect(all.nextCursor).toBeNull();
    const seen: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const res = await call(
        intentRoute.GET,
        "GET",
        `/x?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        { token: viewer },
      );
      expect(res.status).toBe(200);
      const page = res.body as { items: IntentDto[]; nextCursor: string | null };
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((s) => `${s.namespace}/${s.name}`));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(all.items.map((s) => `${s.namespace}/${s.name}`));
    const one = await call(intentRoute.GET, "GET", "/x?name=reviews", { token: viewer });
    expect((one.body as { items: IntentDto[] }).items.map((s) => s.name)).toEqual(["reviews"]);
  });

  it("plans an export without changing anything", async () => {
    const before = await snapshot();
    const res = await call(plans.POST, "POST", "/x", {
      token: operator,
      body: { changes: [share] },
    });
    expect(res.status).toBe(200);
    const plan = res.body as PlanDto;
    // east-1/east-2 run Istio (exports stay cluster-local there); west-1 (Linkerd) imports via its Link.
    expect(plan.clusters.map((c) => c.cluster)).toEqual(["west-1"]);
    expect(plan.clusters[0]!.diff).toMatch(/^\+kind: Link$/m);
    expect(plan.clusters.every((c) => c.create > 0 && c.diff.includes("+"))).toBe(true);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses bad input with a clear 4xx and changes nothing", async () => {
    const before = await snapshot();
    const cases: [unknown, number, RegExp][] = [
      [{ changes: [{ ...share, exports: ["nowhere"] }] }, 422, /nowhere/],
      [{ changes: [{ ...share, name: "nosuch" }] }, 404, /not found/],
      [{ changes: [{ ...share, exports: ["<b>x</b>"] }] }, 422, /cluster/],
      [
        {
          changes: [
            {
              ...share,
              failover: {
                tiers: [{ clusters: [{ name: "east-1" }] }, { clusters: [{ name: "east-1" }] }],
              },
            },
          ],
        },
        422,
        /twice|more than once|duplicate/i,
      ],
      [
        {
          changes: [
            {
              ...share,
              failover: {
                tiers: [
                  {
                    clusters: [
                      { name: "east-1", weight: 30 },
                      { name: "east-2", weight: 30 },
                    ],
                  },
                ],
              },
            },
          ],
        },
        422,
        /100/,
      ],
      [{ changes: [{ ...share, extra: 1 }] }, 400, /extra|Unrecognized/i],
      [{ changes: [] }, 400, /changes/],
    ];
    for (const [body, status, message] of cases) {
      for (const route of [plans.POST, changeSets.POST]) {
        const res = await call(route, "POST", "/x", { token: operator, body });
        expect({ status: res.status, body }).toEqual({ status, body });
        expect(JSON.stringify(res.body)).toMatch(message);
      }
    }
    const asViewer = await call(changeSets.POST, "POST", "/x", {
      token: viewer,
      body: { changes: [share] },
    });
    expect(asViewer.status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses to apply a plan with errors unless they are accepted, and changes nothing", async () => {
    const before = await snapshot();
    const plan = await call(plans.POST, "POST", "/x", {
      token: operator,
      body: { changes: [share] },
    });
    // Istio exporters, a Linkerd importer: the meshes cannot talk, and the trust roots differ.
    const errors = (plan.body as PlanDto).warnings.filter((w) => w.severity === "error");
    expect(errors.map((w) => w.code)).toContain("mesh-mismatch");
    for (const acceptErrors of [undefined, false]) {
      const res = await call(changeSets.POST, "POST", "/x", {
        token: operator,
        body: { changes: [share], ...(acceptErrors === undefined ? {} : { acceptErrors }) },
      });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: { code: "plan_has_errors" } });
      expect(JSON.stringify(res.body)).toContain(errors[0]!.message);
    }
    expect(await snapshot()).toEqual(before);
  });

  let applied: ChangeSetDto;
  it("applies: intent, desired generations and a pending change set in one go", async () => {
    const res = await call(changeSets.POST, "POST", "/x", {
      token: operator,
      body: { changes: [share], title: "Share reviews", acceptErrors: true },
    });
    expect(res.status).toBe(201);
    applied = res.body as ChangeSetDto;
    expect(applied).toMatchObject({ title: "Share reviews", status: "pending", kind: "intent" });
    expect(applied.clusters.map((c) => c.cluster)).toEqual(["west-1"]);
    expect(await reviewsIntent()).toMatchObject({
      version: 2,
      exports: ["east-1", "east-2"],
      imports: ["west-1"],
    });
    const west1 = await db().desiredState.findUniqueOrThrow({ where: { clusterName: "west-1" } });
    expect(JSON.stringify(west1.resources)).toContain('"kind":"Link"');
    expect(west1.generation).toBe(applied.clusters[0]!.generation);
    const audit = await db().auditEvent.findFirst({ where: { action: "changeset.apply" } });
    expect(audit?.targetId).toBe(String(applied.number));
    expect(audit?.data).toMatchObject({
      acceptedErrors: expect.arrayContaining(["mesh-mismatch"]),
    });
  });

  it("answers a stale plan with 409 and loses no update", async () => {
    const before = await snapshot();
    const res = await call(changeSets.POST, "POST", "/x", {
      token: operator,
      body: { changes: [{ ...share, exports: ["east-1"] }], acceptErrors: true },
    });
    expect(res.status).toBe(409);
    expect(JSON.stringify(res.body)).toMatch(/changed since/);
    expect(await snapshot()).toEqual(before);
    expect((await reviewsIntent()).exports).toEqual(["east-1", "east-2"]);
  });

  it("moves to applied when every cluster's agent acknowledges the generation", async () => {
    for (const c of applied.clusters) {
      await acceptStatus(
        { clusterName: c.cluster, credentialId: "test" },
        { generation: c.generation, results: [] },
      );
    }
    const res = await call(changeSet.GET, "GET", "/x", {
      token: viewer,
      params: { id: String(applied.number) },
    });
    expect(res.body).toMatchObject({ status: "applied" });
    expect((res.body as ChangeSetDto).clusters.every((c) => c.status === "applied")).toBe(true);
  });

  it("shows who serves whom: local first, then the other exporters", async () => {
    const res = await call(serving.GET, "GET", "/x", { token: viewer, params: REVIEWS });
    const consumers = (res.body as ServingDto).consumers;
    const west = consumers.find((c) => c.cluster === "west-1")!;
    expect(west.servedBy.map((s) => s.cluster)).toEqual(["east-1", "east-2"]);
    const east2 = consumers.find((c) => c.cluster === "east-2")!;
    expect(east2.servedBy[0]).toMatchObject({ cluster: "east-2", local: true });
  });

  it("rolls back: the inverse change set removes the resources everywhere", async () => {
    const res = await call(rollback.POST, "POST", "/x", {
      token: operator,
      params: { id: applied.id },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ rollbackOf: applied.number });
    expect(await reviewsIntent()).toMatchObject({ exports: [], imports: [], version: 3 });
    const d = await db().desiredState.findUniqueOrThrow({ where: { clusterName: "west-1" } });
    expect(d.resources).toEqual([]);
    const list = await call(changeSets.GET, "GET", "/x", { token: viewer });
    const items = (list.body as { items: ChangeSetDto[] }).items;
    expect(items.find((c) => c.id === applied.id)?.status).toBe("rolled-back");
    const again = await call(rollback.POST, "POST", "/x", {
      token: operator,
      params: { id: applied.id },
    });
    expect(again.status).toBe(409);
  });

  it("rolls back a rollback although its plan has errors: it restores what ran before", async () => {
    const [latest] = (
      (await call(changeSets.GET, "GET", "/x", { token: viewer })).body as {
        items: ChangeSetDto[];
      }
    ).items;
    expect(latest!.rollbackOf).toBe(applied.number);
    const res = await call(rollback.POST, "POST", "/x", {
      token: operator,
      params: { id: latest!.id },
    });
    expect(res.status).toBe(201);
    expect(await reviewsIntent()).toMatchObject({ imports: ["west-1"], version: 4 });
    // Nobody accepted the errors: the rollback's audit event does not claim so.
    const audit = await db().auditEvent.findFirst({
      where: { action: "changeset.rollback" },
      orderBy: { at: "desc" },
    });
    expect(audit?.data).not.toHaveProperty("acceptedErrors");
  });
});
