// What the contract fuzz (test/contract, schemathesis) found, pinned as tests: each answered
// 500 before its fix. Numbers beyond a Postgres integer column must be a 400, not a failed write.
import { beforeAll, describe, expect, it } from "vitest";
import * as cluster from "@/app/api/v1/clusters/[name]/route";
import * as clusterDesired from "@/app/api/v1/clusters/[name]/desired/route";
import * as plans from "@/app/api/v1/plans/route";
import * as desired from "@/app/api/agent/v1/desired/route";
import * as status from "@/app/api/agent/v1/status/route";
import * as report from "@/app/api/agent/v1/report/route";
import * as services from "@/app/api/v1/services/route";
import * as globalServices from "@/app/api/v1/global-services/route";
import * as tokens from "@/app/api/v1/tokens/[id]/route";
import { getCluster } from "@/lib/store/clusters";
import { errorResponse } from "@/lib/api/respond";
import { db } from "@/lib/store/client";
import { resetDatabase } from "../helpers/db";
import { call, userWithToken } from "../helpers/api";
import { AGENT_INFO, registeredCluster } from "../helpers/agent";

const HUGE = 9007199254740990; // what schemathesis sent: an integer, but no int4

describe("numbers a database column cannot hold", () => {
  let admin: string;
  let credential: string;
  beforeAll(async () => {
    await resetDatabase();
    admin = (await userWithToken("admin")).token;
    credential = await registeredCluster("east-1");
  });

  it("PATCH /api/v1/clusters/{name} with a huge version: 400, nothing changed", async () => {
    const before = await getCluster("east-1");
    const res = await call(cluster.PATCH, "PATCH", "/api/v1/clusters/east-1", {
      token: admin,
      params: { name: "east-1" },
      body: { version: HUGE, displayName: "changed" },
    });
    expect(res).toMatchObject({ status: 400, body: { error: { code: "invalid_input" } } });
    expect(await getCluster("east-1")).toEqual(before);
  });

  it("POST /api/v1/plans naming a huge version: 400", async () => {
    const res = await call(plans.POST, "POST", "/api/v1/plans", {
      token: admin,
      body: { changes: [{ namespace: "bookinfo", name: "reviews", version: HUGE }] },
    });
    expect(res).toMatchObject({ status: 400, body: { error: { code: "invalid_input" } } });
  });

  it("agent status and long-poll with huge generations: 400", async () => {
    const ack = await call(status.POST, "POST", "/api/agent/v1/status", {
      token: credential,
      body: { generation: HUGE, results: [] },
    });
    expect(ack).toMatchObject({ status: 400, body: { error: { code: "invalid_input" } } });
    const poll = await call(desired.GET, "GET", "/api/agent/v1/desired", {
      token: credential,
      search: { after: String(HUGE), wait: "0" },
    });
    expect(poll).toMatchObject({ status: 400, body: { error: { code: "invalid_input" } } });
  });

  it("an agent report with huge endpoint counts: 400", async () => {
    const res = await call(report.POST, "POST", "/api/agent/v1/report", {
      token: credential,
      body: {
        kind: "delta",
        agent: AGENT_INFO,
        upserts: [
          {
            namespace: "bookinfo",
            name: "reviews",
            type: "ClusterIP",
            endpointsByZone: { "zone-a": { ready: HUGE, total: HUGE } },
          },
        ],
      },
    });
    expect(res).toMatchObject({ status: 400, body: { error: { code: "invalid_input" } } });
  });
});

describe("text a Postgres column cannot hold", () => {
  let admin: string;
  beforeAll(async () => {
    await resetDatabase();
    admin = (await userWithToken("admin")).token;
    await registeredCluster("east-1");
  });

  // What schemathesis sent to PUT …/desired: keys and values with unpaired UTF-16 surrogates
  // (and NUL, which jsonb and text columns refuse too). Raw JSON text, as a client sends it.
  for (const [what, raw] of [
    [
      "an unpaired surrogate",
      '{"resources":[{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a","namespace":"x"},"data":{"\\ud807k":"v"}}]}',
    ],
    [
      "a NUL character",
      '{"resources":[{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a","namespace":"x"},"data":{"k":"v\\u0000"}}]}',
    ],
  ] as const) {
    it(`PUT /api/v1/clusters/{name}/desired holding ${what}: 400, nothing stored`, async () => {
      const res = await call(clusterDesired.PUT, "PUT", "/api/v1/clusters/east-1/desired", {
        token: admin,
        params: { name: "east-1" },
        rawBody: raw,
      });
      expect(res).toMatchObject({ status: 400, body: { error: { code: "invalid_text" } } });
      const state = await call(clusterDesired.GET, "GET", "/api/v1/clusters/east-1/desired", {
        token: admin,
        params: { name: "east-1" },
      });
      expect((state.body as { desired: { resources: unknown[] } }).desired.resources).toEqual([]);
    });
  }
});

describe("a NUL in a path or query parameter", () => {
  let admin: string;
  beforeAll(async () => {
    await resetDatabase();
    admin = (await userWithToken("admin")).token;
    await registeredCluster("east-1");
  });

  // What schemathesis sent (GET /api/v1/services?q=…%00…, GET /api/v1/global-services?cluster=…%00…):
  // Postgres refuses the NUL byte in a text parameter (22021) and the route answered 500.
  it("GET /api/v1/services?q=a%00b and /global-services?cluster=%00: 400 invalid_text", async () => {
    for (const [handler, path, search] of [
      [services.GET, "/api/v1/services", { q: "a\u0000b" }],
      [services.GET, "/api/v1/services", { cluster: "east\u00001" }],
      [globalServices.GET, "/api/v1/global-services", { cluster: "\u0000" }],
    ] as const) {
      const res = await call(handler, "GET", path, { token: admin, search });
      expect(res, `${path} ${JSON.stringify(search)}`).toMatchObject({
        status: 400,
        body: { error: { code: "invalid_text" } },
      });
    }
  });

  it("GET /api/v1/clusters/a%00b, DELETE /api/v1/tokens/a%00b: 400 invalid_text, nothing removed", async () => {
    const got = await call(cluster.GET, "GET", "/api/v1/clusters/a%00b", {
      token: admin,
      params: { name: "a\u0000b" },
    });
    expect(got).toMatchObject({ status: 400, body: { error: { code: "invalid_text" } } });
    const revoked = await call(tokens.DELETE, "DELETE", "/api/v1/tokens/a%00b", {
      token: admin,
      params: { id: "a\u0000b" },
    });
    expect(revoked).toMatchObject({ status: 400, body: { error: { code: "invalid_text" } } });
    expect((await getCluster("east-1"))?.name).toBe("east-1");
  });
});

describe("text Postgres itself refuses", () => {
  // The guard above refuses NUL before any handler runs; should text reach the database another
  // way, Postgres's own refusal (22021) is the caller's 400, not an unhandled 500.
  it("a NUL sent as a query parameter: the real driver error answers 400 invalid_text", async () => {
    const error = await db()
      .$queryRawUnsafe("SELECT $1::text AS t", "a\u0000b")
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeDefined();
    const res = errorResponse(error);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: "invalid_text" } });
  });
});
