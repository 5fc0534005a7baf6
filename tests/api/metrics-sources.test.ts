// Metrics sources API: admins add, edit, test and remove sources; viewers only list them;
// credentials are stored encrypted and never returned; bad input is a 4xx and changes nothing.
import { beforeAll, describe, expect, it } from "vitest";

import * as allowList from "@/app/api/v1/settings/metrics-allow-list/route";
import * as sources from "@/app/api/v1/metrics/sources/route";
import * as source from "@/app/api/v1/metrics/sources/[id]/route";
import * as probe from "@/app/api/v1/metrics/sources/[id]/test/route";
import type { MetricsSourceDto } from "@/lib/model/metrics";
import { db } from "@/lib/store/client";
import { invalidateMetricsAllowList } from "@/lib/services/fleet-metrics/metrics-runtime";
import { loadRuntimeSources } from "@/lib/services/fleet-metrics/runtime-sources";

import { call, userWithToken } from "../helpers/api";
import { resetDatabase } from "../helpers/db";
import { startStubServer } from "../metrics/helpers";

const PASSWORD = "s3cret-password-value";
const TOKEN = "bearer-token-value-0123456789";

let admin: string;
let viewer: string;

const list = async (token = viewer) =>
  (await call(sources.GET, "GET", "/api/v1/metrics/sources", { token })).body as {
    items: MetricsSourceDto[];
  };
const rowCount = () => db().prometheusSource.count();

async function setAllow(entries: string[]) {
  const res = await call(allowList.PUT, "PUT", "/api/v1/settings/metrics-allow-list", {
    token: admin,
    body: { entries },
  });
  expect(res.status).toBe(200);
  invalidateMetricsAllowList();
}

beforeAll(async () => {
  await resetDatabase();
  admin = (await userWithToken("admin")).token;
  viewer = (await userWithToken("viewer")).token;
});

describe("metrics sources API", () => {
  let id = "";

  it("creates a source with basic auth and never returns the credentials", async () => {
    await setAllow(["127.0.0.0/8"]);
    const res = await call(sources.POST, "POST", "/api/v1/metrics/sources", {
      token: admin,
      body: {
        name: "global",
        url: "http://127.0.0.1:9090",
        auth: { type: "basic", username: "meridian", password: PASSWORD },
      },
    });
    expect(res.status).toBe(201);
    const created = res.body as MetricsSourceDto;
    id = created.id;
    expect(created).toMatchObject({
      name: "global",
      auth: "basic",
      hasAuth: true,
      scope: "global",
    });
    const text = JSON.stringify([res.body, await list(), await list(admin)]);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain('meridian"');
    expect(text).not.toMatch(/authSecret|password|v1\.[A-Za-z0-9_-]{10,}\./);
  });

  it("stores the secret encrypted and decrypts it only for outbound requests", async () => {
    const row = await db().prometheusSource.findUniqueOrThrow({ where: { id } });
    expect(row.authSecret).toMatch(/^v1\./);
    expect(row.authSecret).not.toContain(PASSWORD);
    const [runtime] = await loadRuntimeSources();
    expect(runtime?.auth).toEqual({ type: "basic", username: "meridian", password: PASSWORD });
  });

  it("keeps the secret when auth is omitted, replaces or clears it when given", async () => {
    const renamed = await call(source.PATCH, "PATCH", "/x", {
      token: admin,
      params: { id },
      body: { name: "global-prom" },
    });
    expect(renamed.status).toBe(200);
    expect((await loadRuntimeSources())[0]?.auth).toMatchObject({ password: PASSWORD });
    const bearer = await call(source.PATCH, "PATCH", "/x", {
      token: admin,
      params: { id },
      body: { auth: { type: "bearer", token: TOKEN } },
    });
    expect(bearer.body).toMatchObject({ auth: "bearer", hasAuth: true });
    expect(JSON.stringify(bearer.body)).not.toContain(TOKEN);
    expect((await loadRuntimeSources())[0]?.auth).toEqual({ type: "bearer", token: TOKEN });
    const cleared = await call(source.PATCH, "PATCH", "/x", {
      token: admin,
      params: { id },
      body: { auth: { type: "none" } },
    });
    expect(cleared.body).toMatchObject({ auth: "none", hasAuth: false });
    expect(
      (await db().prometheusSource.findUniqueOrThrow({ where: { id } })).authSecret,
    ).toBeNull();
  });

  it("leaves out a source whose stored credential cannot be opened, keeping the others", async () => {
    const good = await db().prometheusSource.create({
      data: { name: "zz-plain", url: "http://127.0.0.1:9/", auth: "none" },
    });
    await db().prometheusSource.update({
      where: { id },
      data: { auth: "bearer", authSecret: "v1.not-a-sealed-secret" },
    });
    const names = (await loadRuntimeSources()).map((s) => s.name);
    expect(names).toContain("zz-plain");
    expect(names).toHaveLength(1);
    await db().prometheusSource.update({ where: { id }, data: { auth: "none", authSecret: null } });
    await db().prometheusSource.delete({ where: { id: good.id } });
  });

  it("lets viewers list but not create, edit, test or delete", async () => {
    expect((await list()).items).toHaveLength(1);
    const attempts = [
      await call(sources.POST, "POST", "/x", {
        token: viewer,
        body: { name: "v", url: "http://127.0.0.1:1" },
      }),
      await call(source.PATCH, "PATCH", "/x", {
        token: viewer,
        params: { id },
        body: { enabled: false },
      }),
      await call(source.DELETE, "DELETE", "/x", { token: viewer, params: { id } }),
      await call(probe.POST, "POST", "/x", { token: viewer, params: { id } }),
      await call(allowList.GET, "GET", "/x", { token: viewer }),
      await call(allowList.PUT, "PUT", "/x", { token: viewer, body: { entries: [] } }),
    ];
    expect(attempts.map((a) => a.status)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(await rowCount()).toBe(1);
    expect((await db().prometheusSource.findUniqueOrThrow({ where: { id } })).enabled).toBe(true);
  });

  it("answers bad input with a 4xx and changes nothing", async () => {
    const before = JSON.stringify(await list());
    const bad: unknown[] = [
      { name: "", url: "http://127.0.0.1:9090" },
      { name: "x", url: "not a url" },
      { name: "x", url: "http://127.0.0.1:9090", scope: "cluster" },
      { name: "x", url: "http://127.0.0.1:9090", clusterName: "east-1" },
      { name: "x", url: "http://127.0.0.1:9090", scope: "cluster", clusterName: "nope" },
      { name: "x", url: "http://127.0.0.1:9090", auth: { type: "basic", username: "u" } },
      { name: "x", url: "http://127.0.0.1:9090", extra: true },
      { name: "global-prom", url: "http://127.0.0.1:9091" },
    ];
    for (const body of bad) {
      const res = await call(sources.POST, "POST", "/x", { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
      expect(res.body).toMatchObject({
        error: { code: expect.any(String), message: expect.any(String) },
      });
    }
    const badPatch = await call(source.PATCH, "PATCH", "/x", {
      token: admin,
      params: { id },
      body: { url: "ftp://127.0.0.1/" },
    });
    expect(badPatch.status).toBe(400);
    const malformed = await call(sources.POST, "POST", "/x", { token: admin, rawBody: "{" });
    expect(malformed.status).toBe(400);
    const badAllow = await call(allowList.PUT, "PUT", "/x", {
      token: admin,
      body: { entries: ["10.0.0.0/33"] },
    });
    expect(badAllow.status).toBe(400);
    expect((await call(allowList.GET, "GET", "/x", { token: admin })).body).toEqual({
      entries: ["127.0.0.0/8"],
    });
    expect(JSON.stringify(await list())).toBe(before);
    expect(
      (
        await call(source.PATCH, "PATCH", "/x", {
          token: admin,
          params: { id: "nope" },
          body: { enabled: false },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(source.DELETE, "DELETE", "/x", { token: admin, params: { id: "nope" } })).status,
    ).toBe(404);
  });

  it("tests a source against its build-info endpoint, sending the credentials", async () => {
    let seenAuth = "";
    const stub = await startStubServer((req, res) => {
      seenAuth = req.headers.authorization ?? "";
      if (req.url !== "/api/v1/status/buildinfo") return void res.writeHead(404).end();
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ status: "success", data: { version: "2.42.0" } }));
    });
    try {
      const created = await call(sources.POST, "POST", "/x", {
        token: admin,
        body: { name: "stub", url: stub.url, auth: { type: "bearer", token: TOKEN } },
      });
      const stubId = (created.body as MetricsSourceDto).id;
      const res = await call(probe.POST, "POST", "/x", { token: admin, params: { id: stubId } });
      expect(res.body).toMatchObject({ ok: true, version: "2.42.0" });
      expect(seenAuth).toBe(`Bearer ${TOKEN}`);
      await stub.stop();
      const down = await call(probe.POST, "POST", "/x", { token: admin, params: { id: stubId } });
      expect(down.body).toMatchObject({ ok: false });
      const message = (down.body as { message: string }).message;
      expect(message).toContain("unreachable");
      expect(message).not.toMatch(/127\.0\.0\.1|:\d{2,5}\b/);
      expect(
        (await call(source.DELETE, "DELETE", "/x", { token: admin, params: { id: stubId } }))
          .status,
      ).toBe(204);
    } finally {
      await stub.stop().catch(() => undefined);
    }
  });

  it("deletes a source", async () => {
    expect(
      (await call(source.DELETE, "DELETE", "/x", { token: admin, params: { id } })).status,
    ).toBe(204);
    expect(await rowCount()).toBe(0);
  });
});
