// GET /api/v1/trust and GET /api/v1/trust/bundles/{trust-domain} on the demo fleet (real
// database, inventory loaded through the agent's snapshot path). The real SPIFFE consumer
// (go-spiffe) reads the bundle in tests/spiffe/bundle-consumer.test.ts.
import { X509Certificate } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";

import * as trust from "@/app/api/v1/trust/route";
import * as bundle from "@/app/api/v1/trust/bundles/[trustDomain]/route";
import type { SpiffeBundle, TrustView } from "@/lib/model/trust";
import { seedDemoFleet } from "@/lib/services/inventory/demo-seed";
import { db } from "@/lib/store/client";
import { call, userWithToken } from "../helpers/api";
import { resetDatabase } from "../helpers/db";
import { demoRoots, reportRoots } from "../helpers/trust";

let viewer: string;
const getBundle = (trustDomain: string) =>
  call(bundle.GET, "GET", `/api/v1/trust/bundles/${trustDomain}`, { params: { trustDomain } });

describe("GET /api/v1/trust", () => {
  beforeAll(async () => {
    await resetDatabase();
    viewer = (await userWithToken("viewer")).token;
    await seedDemoFleet();
  });

  it("answers 401 without a caller", async () => {
    expect((await call(trust.GET, "GET", "/api/v1/trust")).status).toBe(401);
  });

  it("groups east-1 and east-2 (one root, east-2 in a rotation window) apart from west-1", async () => {
    const res = await call(trust.GET, "GET", "/api/v1/trust", { token: viewer });
    expect(res.status).toBe(200);
    const view = res.body as TrustView;
    expect(view.groups.map((g) => g.clusters)).toEqual([["east-1", "east-2"], ["west-1"]]);
    expect(view.clusters.map((c) => [c.cluster, c.rotation, c.caKind, c.roots.length])).toEqual([
      ["east-1", false, "plugged-in", 1],
      ["east-2", true, "plugged-in", 2],
      ["west-1", false, "self-signed", 1],
    ]);
    expect(view.edges.map((e) => `${e.from}>${e.to}`)).toEqual(["east-1>east-2", "east-2>east-1"]);
    expect(view.clusters[0]!.roots[0]).toMatchObject({
      expiry: "ok",
      subject: expect.stringContaining("Bookinfo"),
    });
  });
});

describe("GET /api/v1/trust/bundles/{trust-domain}", () => {
  it("serves the domain's roots as x509-svid keys without a session, with a sequence", async () => {
    const res = await getBundle("cluster.local");
    expect(res.status).toBe(200);
    const b = res.body as SpiffeBundle;
    const expected = [...demoRoots("east-1"), ...demoRoots("east-2")];
    const fingerprints = [...new Set(expected.map((r) => r.fingerprint))].sort();
    expect(
      b.keys.map((k) => new X509Certificate(Buffer.from(k.x5c[0]!, "base64")).fingerprint256),
    ).toEqual(fingerprints);
    expect(b.keys[0]).toMatchObject({ use: "x509-svid", kty: "EC", crv: "P-256" });
    expect(b.spiffe_refresh_hint).toBeGreaterThan(0);
    expect(b.spiffe_sequence).toBeGreaterThanOrEqual(1);
  });

  it("keeps the sequence while the roots stay, and raises it when a root changes", async () => {
    const first = ((await getBundle("cluster.local")).body as SpiffeBundle).spiffe_sequence;
    expect(((await getBundle("cluster.local")).body as SpiffeBundle).spiffe_sequence).toBe(first);
    // The rotation completes: both clusters sign with and trust only the new root.
    const [, next] = demoRoots("east-2");
    await reportRoots("east-1", [next!]);
    await reportRoots("east-2", [next!]);
    const rotated = (await getBundle("cluster.local")).body as SpiffeBundle;
    expect(rotated.spiffe_sequence).toBe(first + 1);
    expect(rotated.keys).toHaveLength(1);
    const row = await db().trustBundle.findUniqueOrThrow({
      where: { trustDomain: "cluster.local" },
    });
    expect(row.sequence).toBe(first + 1);
  });

  it("answers 404 for a trust domain no cluster reports, 400 for a name that is not one", async () => {
    const unknown = await getBundle("nowhere.example");
    expect(unknown.status).toBe(404);
    expect(await db().trustBundle.count({ where: { trustDomain: "nowhere.example" } })).toBe(0);
    expect((await getBundle("Bad Domain")).status).toBe(400);
  });
});
