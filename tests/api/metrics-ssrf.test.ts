// SSRF: metrics source URLs are refused on save (metadata, loopback and private ranges
// without the allow-list, non-HTTP schemes) and checked again on every request (a redirect
// to an internal host, an allow-list entry removed later) — always with a generic error.
import { beforeAll, describe, expect, it } from "vitest";

import * as allowList from "@/app/api/v1/settings/metrics-allow-list/route";
import * as sources from "@/app/api/v1/metrics/sources/route";
import * as probe from "@/app/api/v1/metrics/sources/[id]/test/route";
import type { MetricsSourceDto } from "@/lib/model/metrics";
import { db } from "@/lib/store/client";
import { invalidateMetricsAllowList } from "@/lib/services/fleet-metrics/metrics-runtime";

import { call, userWithToken } from "../helpers/api";
import { resetDatabase } from "../helpers/db";
import { startStubServer } from "../metrics/helpers";

let admin: string;

async function setAllow(entries: string[]) {
  await call(allowList.PUT, "PUT", "/x", { token: admin, body: { entries } });
  invalidateMetricsAllowList();
}

const create = (url: string, name = "s") =>
  call(sources.POST, "POST", "/api/v1/metrics/sources", { token: admin, body: { name, url } });

/** The refusal must not echo the host, address or port it refused. */
function expectGeneric(body: unknown, url: string) {
  const text = JSON.stringify(body);
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  if (host) expect(text).not.toContain(host);
  const port = new URL(url).port;
  if (port) expect(text).not.toContain(port);
}

beforeAll(async () => {
  await resetDatabase();
  admin = (await userWithToken("admin")).token;
});

describe("SSRF guard on save", () => {
  const refused: Array<[string, string, string[]]> = [
    ["AWS metadata", "http://169.254.169.254/latest/meta-data/", []],
    [
      "metadata even when link-local is allow-listed",
      "http://169.254.169.254/",
      ["169.254.0.0/16"],
    ],
    ["GCP metadata hostname", "http://metadata.google.internal/computeMetadata/v1/", []],
    ["IPv6 metadata", "http://[fd00:ec2::254]/", ["fd00::/8"]],
    ["loopback", "http://127.0.0.1:9090/", []],
    ["loopback in another form", "http://2130706433:9090/", []],
    ["IPv6 loopback", "http://[::1]:9090/", []],
    ["IPv4-mapped loopback", "http://[::ffff:127.0.0.1]:9090/", []],
    ["private 10/8 without allow-list", "http://10.20.30.40:9090/", []],
    ["private 192.168/16 outside the allow-list", "http://192.168.1.10:9090/", ["10.0.0.0/8"]],
    ["localhost by name", "http://localhost:9090/", []],
    ["file scheme", "file:///etc/passwd", []],
    ["gopher scheme", "gopher://10.0.0.1:70/", ["10.0.0.0/8"]],
    ["credentials in the URL", "http://user:pass@10.0.0.1:9090/", ["10.0.0.0/8"]],
  ];
  for (const [what, url, allow] of refused) {
    it(`refuses ${what}`, async () => {
      await setAllow(allow);
      const res = await create(url);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: { code: "url_refused" } });
      expect((res.body as { error: { message: string } }).error.message).toMatch(
        /^source URL refused: /,
      );
      expectGeneric(res.body, url);
      expect(await db().prometheusSource.count()).toBe(0);
    });
  }

  it("accepts a private address once an admin allow-lists its network", async () => {
    await setAllow(["10.0.0.0/8"]);
    const res = await create("http://10.20.30.40:9090/", "private-ok");
    expect(res.status).toBe(201);
    await db().prometheusSource.deleteMany({});
  });
});

describe("SSRF guard at request time", () => {
  it("does not follow a redirect to an internal host", async () => {
    let internalHits = 0;
    const internal = await startStubServer((_req, res) => {
      internalHits++;
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
    const redirector = await startStubServer((_req, res) => {
      res.writeHead(302, { location: `${internal.url}/api/v1/status/buildinfo` }).end();
    });
    try {
      await setAllow(["127.0.0.0/8"]);
      const created = await create(redirector.url, "redirector");
      expect(created.status).toBe(201);
      const res = await call(probe.POST, "POST", "/x", {
        token: admin,
        params: { id: (created.body as MetricsSourceDto).id },
      });
      expect(res.body).toMatchObject({ ok: false });
      expect((res.body as { message: string }).message).toContain("redirects are not followed");
      expect(internalHits).toBe(0);
      expectGeneric(res.body, internal.url);
      expectGeneric(res.body, redirector.url);
    } finally {
      await Promise.all([internal.stop(), redirector.stop()]);
      await db().prometheusSource.deleteMany({});
    }
  });

  it("refuses a saved source whose network was removed from the allow-list, without connecting", async () => {
    let hits = 0;
    const stub = await startStubServer((_req, res) => {
      hits++;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ status: "success", data: { version: "2.42.0" } }));
    });
    try {
      await setAllow(["127.0.0.0/8"]);
      const created = await create(stub.url, "was-allowed");
      const id = (created.body as MetricsSourceDto).id;
      const ok = await call(probe.POST, "POST", "/x", { token: admin, params: { id } });
      expect(ok.body).toMatchObject({ ok: true });
      expect(hits).toBe(1);
      await setAllow([]);
      const res = await call(probe.POST, "POST", "/x", { token: admin, params: { id } });
      expect(res.body).toMatchObject({ ok: false });
      expect((res.body as { message: string }).message).toContain("not allowed");
      expect(hits).toBe(1);
      expectGeneric(res.body, stub.url);
    } finally {
      await stub.stop();
      await db().prometheusSource.deleteMany({});
    }
  });
});
