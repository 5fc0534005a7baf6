import { beforeAll, describe, expect, it } from "vitest";
import * as clusters from "@/app/api/v1/clusters/route";
import * as cluster from "@/app/api/v1/clusters/[name]/route";
import { db } from "@/lib/store/client";
import { resetDatabase } from "../helpers/db";
import { call, userWithToken } from "../helpers/api";

const VALID = {
  name: "east-1",
  displayName: "US East 1",
  region: "us-east-1",
  zone: "us-east-1a",
  provider: "aws",
};

describe("cluster registration API", () => {
  let admin: string;
  let operator: string;
  beforeAll(async () => {
    await resetDatabase();
    admin = (await userWithToken("admin")).token;
    operator = (await userWithToken("operator")).token;
  });

  async function counts() {
    return { clusters: await db().cluster.count(), audit: await db().auditEvent.count() };
  }

  it("creates a cluster, pending until accepted, and audits it", async () => {
    const res = await call(clusters.POST, "POST", "/api/v1/clusters", {
      token: admin,
      body: VALID,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "east-1",
      state: "pending",
      kind: "kubernetes",
      serviceCount: 0,
    });
    const audit = await db().auditEvent.findFirst({
      where: { action: "cluster.create", targetId: "east-1" },
    });
    expect(audit?.actorLabel).toMatch(/^admin-/);
  });

  it("lists and reads clusters for viewers", async () => {
    const viewer = (await userWithToken("viewer")).token;
    const list = await call(clusters.GET, "GET", "/api/v1/clusters", { token: viewer });
    expect(list.status).toBe(200);
    expect((list.body as { items: { name: string }[] }).items.map((c) => c.name)).toEqual([
      "east-1",
    ]);
    const one = await call(cluster.GET, "GET", "/api/v1/clusters/east-1", {
      token: viewer,
      params: { name: "east-1" },
    });
    expect(one.body).toMatchObject({ name: "east-1", services: [] });
    const missing = await call(cluster.GET, "GET", "/api/v1/clusters/nope", {
      token: viewer,
      params: { name: "nope" },
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: { code: "not_found" } });
  });

  it("needs the admin role to register", async () => {
    const res = await call(clusters.POST, "POST", "/api/v1/clusters", {
      token: operator,
      body: { ...VALID, name: "op-1" },
    });
    expect(res.status).toBe(403);
  });

  const bad: [string, Parameters<typeof call>[3], RegExp][] = [
    ["malformed JSON", { rawBody: '{"name": "x",' }, /not valid JSON/],
    [
      "a non-JSON content type",
      { rawBody: "name=x", contentType: "application/x-www-form-urlencoded" },
      /application\/json/,
    ],
    [
      "unknown fields",
      { body: { ...VALID, name: "c-2", colour: "red" } },
      /unknown field\(s\): colour/,
    ],
    ["an over-long name", { body: { ...VALID, name: "a".repeat(64) } }, /at most 63 characters/],
    ["an upper-case name", { body: { ...VALID, name: "East-1" } }, /RFC 1123/],
    ["a name with markup", { body: { ...VALID, name: "<script>" } }, /RFC 1123/],
    [
      "a display name with markup",
      { body: { ...VALID, name: "c-3", displayName: "<b>x</b>" } },
      /markup/,
    ],
    ["a missing region", { body: { name: "c-4" } }, /region/],
    ["a wrongly-typed label", { body: { ...VALID, name: "c-5", labels: { a: 1 } } }, /labels/],
    [
      "a host cluster for a Kubernetes cluster",
      { body: { ...VALID, name: "c-6", hostCluster: "east-1" } },
      /only a VM site \(kind vm-site\) has a host cluster/,
    ],
  ];
  for (const [what, opts, message] of bad) {
    it(`rejects ${what} with a clear 4xx and changes nothing`, async () => {
      const before = await counts();
      const res = await call(clusters.POST, "POST", "/api/v1/clusters", { token: admin, ...opts });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect((res.body as { error: { message: string } }).error.message).toMatch(message);
      expect(await counts()).toEqual(before);
    });
  }

  it("registers a VM site with its host cluster, and clears the host with an empty string", async () => {
    const res = await call(clusters.POST, "POST", "/api/v1/clusters", {
      token: admin,
      body: { name: "vms-1", region: "eu-west-1", kind: "vm-site", hostCluster: "east-1" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: "vm-site", hostCluster: "east-1" });
    const cleared = await call(cluster.PATCH, "PATCH", "/api/v1/clusters/vms-1", {
      token: admin,
      params: { name: "vms-1" },
      body: { version: (res.body as { version: number }).version, hostCluster: "" },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).not.toHaveProperty("hostCluster");
    await db().cluster.delete({ where: { name: "vms-1" } });
  });

  it("rejects a duplicate name with 409 and writes nothing", async () => {
    const before = await counts();
    const res = await call(clusters.POST, "POST", "/api/v1/clusters", {
      token: admin,
      body: VALID,
    });
    expect(res.status).toBe(409);
    expect((res.body as { error: { message: string } }).error.message).toContain(
      '"east-1" already exists',
    );
    expect(await counts()).toEqual(before);
  });

  it("accepts a pending cluster and refuses a stale version with 409", async () => {
    const params = { name: "east-1" };
    const ok = await call(cluster.PATCH, "PATCH", "/api/v1/clusters/east-1", {
      token: admin,
      params,
      body: { version: 1, state: "live" },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ state: "live", version: 2 });
    const stale = await call(cluster.PATCH, "PATCH", "/api/v1/clusters/east-1", {
      token: admin,
      params,
      body: { version: 1, displayName: "Lost" },
    });
    expect(stale.status).toBe(409);
    expect((stale.body as { error: { message: string } }).error.message).toMatch(
      /changed by someone else/,
    );
    expect((await db().cluster.findUnique({ where: { name: "east-1" } }))?.displayName).toBe(
      "US East 1",
    );
  });

  it("edits display name, region and labels for an admin, audited; 403 for others; 400 on bad input (issue 24.11)", async () => {
    const params = { name: "east-1" };
    const path = "/api/v1/clusters/east-1";
    const version = (await db().cluster.findUniqueOrThrow({ where: { name: "east-1" } })).version;
    const viewer = (await userWithToken("viewer")).token;
    const before = await counts();
    for (const token of [viewer, operator]) {
      const denied = await call(cluster.PATCH, "PATCH", path, {
        token,
        params,
        body: { version, displayName: "Hijacked" },
      });
      expect(denied.status).toBe(403);
    }
    for (const body of [
      { version, region: "Not A Region" },
      { version, labels: { "bad key!": "x" } },
      { version, displayName: "x".repeat(101) },
      { version, name: "renamed" },
    ]) {
      const bad = await call(cluster.PATCH, "PATCH", path, { token: admin, params, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    expect(await counts()).toEqual(before);

    const ok = await call(cluster.PATCH, "PATCH", path, {
      token: admin,
      params,
      body: { version, displayName: "Virginia", region: "us-east-2", labels: { env: "prod" } },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      displayName: "Virginia",
      region: "us-east-2",
      labels: { env: "prod" },
      version: version + 1,
    });
    const audit = await db().auditEvent.findFirst({
      where: { action: "cluster.update", targetId: "east-1" },
      orderBy: { id: "desc" },
    });
    expect(audit?.data).toMatchObject({ fields: ["displayName", "region", "labels"] });
  });

  it("deletes a cluster, then answers 404", async () => {
    await call(clusters.POST, "POST", "/api/v1/clusters", {
      token: admin,
      body: { ...VALID, name: "gone-1" },
    });
    const params = { name: "gone-1" };
    expect(
      (await call(cluster.DELETE, "DELETE", "/api/v1/clusters/gone-1", { token: admin, params }))
        .status,
    ).toBe(204);
    expect(
      (await call(cluster.DELETE, "DELETE", "/api/v1/clusters/gone-1", { token: admin, params }))
        .status,
    ).toBe(404);
  });
});
