// Issue 37.10, the smaller defects: a cross-site Sec-Fetch-Site is refused even with a
// same-origin Origin; the origin the browser reached (its Host) counts as Meridian's own; metrics
// sources differing only by case are one name; a zone may hold 2^31−1 endpoints; rollback and a
// source test refuse a body; the agent listener serves its OpenAPI document.
import { encode } from "next-auth/jwt";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as clusters from "@/app/api/v1/clusters/route";
import * as sources from "@/app/api/v1/metrics/sources/route";
import * as rollback from "@/app/api/v1/change-sets/[id]/rollback/route";
import * as sourceTest from "@/app/api/v1/metrics/sources/[id]/test/route";
import * as allowList from "@/app/api/v1/settings/metrics-allow-list/route";
import { invalidateMetricsAllowList } from "@/lib/services/fleet-metrics/metrics-runtime";
import { reportedServiceSchema } from "@/lib/agent-protocol/snapshot";
import { db } from "@/lib/store/client";
import { resetDatabase } from "../helpers/db";
import { call, userWithToken } from "../helpers/api";
import { startAgentApiServer, type AgentApiServer } from "../helpers/agent-api-server";

describe("the smaller defects of issue 37", () => {
  let admin = { userId: "", token: "" };
  let cookie = "";
  let api: AgentApiServer;
  beforeAll(async () => {
    await resetDatabase();
    admin = await userWithToken("admin");
    const session = await encode({
      token: { sub: admin.userId },
      secret: process.env.NEXTAUTH_SECRET!,
    });
    cookie = `next-auth.session-token=${session}`;
    api = await startAgentApiServer();
  });
  afterAll(() => api.close());

  const createCluster = (name: string, url: string, headers: Record<string, string>) =>
    clusters.POST(
      new NextRequest(url, {
        method: "POST",
        headers: { cookie, "content-type": "application/json", ...headers },
        body: JSON.stringify({ name, region: "eu-west" }),
      }),
      { params: Promise.resolve({}) },
    );

  it("refuses Sec-Fetch-Site: cross-site even with a same-origin Origin", async () => {
    const res = await createCluster("csrf-1", "http://localhost:3000/api/v1/clusters", {
      origin: "http://localhost:3000",
      "sec-fetch-site": "cross-site",
    });
    expect(res.status).toBe(403);
    expect(await db().cluster.count({ where: { name: "csrf-1" } })).toBe(0);
  });

  it("accepts a change from the origin the browser reached (its Host), not only the bind address", async () => {
    const res = await createCluster("reached-1", "http://0.0.0.0:3000/api/v1/clusters", {
      host: "127.0.0.1:3000",
      origin: "http://127.0.0.1:3000",
      "sec-fetch-site": "same-origin",
    });
    expect(res.status, await res.clone().text()).toBe(201);
  });

  it("refuses a metrics source whose name differs from another's only by case", async () => {
    const allowed = await call(allowList.PUT, "PUT", "/api/v1/settings/metrics-allow-list", {
      token: admin.token,
      body: { entries: ["127.0.0.0/8"] },
    });
    expect(allowed.status).toBe(200);
    invalidateMetricsAllowList();
    const body = (name: string) => ({
      name,
      kind: "prometheus",
      url: "http://127.0.0.1:9090",
      scope: "global",
    });
    const first = await call(sources.POST, "POST", "/api/v1/metrics/sources", {
      token: admin.token,
      body: body("Prod"),
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await call(sources.POST, "POST", "/api/v1/metrics/sources", {
      token: admin.token,
      body: body("prod"),
    });
    expect(second.status).toBe(409);
  });

  it("accepts 2^31−1 endpoints in one zone", () => {
    const parsed = reportedServiceSchema.safeParse({
      namespace: "bookinfo",
      name: "reviews",
      type: "ClusterIP",
      endpointsByZone: { "eu-west-1a": { ready: 2 ** 31 - 1, total: 2 ** 31 - 1 } },
    });
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it("rollback and a source test refuse a body (a 10 MB body still rolled back)", async () => {
    for (const [handler, url] of [
      [rollback.POST, "/api/v1/change-sets/1/rollback"],
      [sourceTest.POST, "/api/v1/metrics/sources/1/test"],
    ] as const) {
      const res = await call(handler, "POST", url, {
        token: admin.token,
        params: { id: "1" },
        rawBody: JSON.stringify({ padding: "x".repeat(64 * 1024) }),
      });
      expect(res.status, url).toBe(413);
    }
  });

  it("the agent listener serves its OpenAPI document", async () => {
    const res = await fetch(`${api.url}/api/agent/v1/openapi.json`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { openapi?: string }).openapi).toMatch(/^3\./);
  });
});
