// /api/v1/peers (issue 21.3): registering federation peers and what an admin can do with them,
// through the real route handlers on the real database. Bad input is a 4xx that changes nothing;
// every change is audited; viewers cannot change anything.
import { beforeAll, describe, expect, it } from "vitest";
import * as peers from "@/app/api/v1/peers/route";
import * as peer from "@/app/api/v1/peers/[name]/route";
import * as publications from "@/app/api/v1/peers/[name]/publications/route";
import * as offers from "@/app/api/v1/peers/[name]/offers/route";
import * as importPlan from "@/app/api/v1/peers/[name]/imports/plan/route";
import * as gateway from "@/app/api/v1/clusters/[name]/federation-gateway/route";
import { db } from "@/lib/store/client";
import { seedDemoFleet } from "@/lib/services/inventory/demo-seed";
import { call, userWithToken } from "../helpers/api";
import { resetDatabase } from "../helpers/db";
import { organisation, type Organisation } from "../federation/certs";

let admin = "";
let viewer = "";
let org: Organisation;
const input = () => ({
  name: "org-b",
  address: "hamlet.org-b.example:3810",
  caPem: org.caPem,
  bundleEndpoint: "https://org-b.example/api/v1/trust/bundles/org-b.example",
});
const peerCount = () => db().federationPeer.count();

beforeAll(async () => {
  await resetDatabase();
  await seedDemoFleet();
  admin = (await userWithToken("admin")).token;
  viewer = (await userWithToken("viewer")).token;
  org = organisation("org-b");
});

describe("/api/v1/peers", () => {
  it("registers a peer (admin), audited, and lists it with its CA fingerprint", async () => {
    const res = await call(peers.POST, "POST", "/api/v1/peers", { token: admin, body: input() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "org-b",
      connected: false,
      lastNack: null,
      publishing: [],
      offered: 0,
      caFingerprint: expect.stringMatching(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/),
    });
    const audit = await db().auditEvent.findMany({ where: { action: "peer.create" } });
    expect(audit.map((a) => a.targetId)).toEqual(["org-b"]);
    const list = await call(peers.GET, "GET", "/api/v1/peers", { token: viewer });
    expect((list.body as { items: { name: string }[] }).items.map((p) => p.name)).toEqual([
      "org-b",
    ]);
  });

  it("refuses bad input with a 4xx and changes nothing", async () => {
    const before = await peerCount();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...input(), name: "org-c", caPem: org.certPem }, 400, "invalid_ca"],
      [{ ...input(), name: "org-c" }, 409, "ca_in_use"],
      [
        { ...input(), name: "org-c", bundleEndpoint: "http://org-c.example/b" },
        400,
        "invalid_input",
      ],
      [{ ...input(), name: "org-c", address: "no-port" }, 400, "invalid_input"],
      [{ ...input(), name: "Org C" }, 400, "invalid_input"],
    ];
    for (const [body, status, code] of cases) {
      const res = await call(peers.POST, "POST", "/api/v1/peers", { token: admin, body });
      expect({
        status: res.status,
        code: (res.body as { error: { code: string } }).error.code,
      }).toEqual({ status, code });
    }
    const byViewer = await call(peers.POST, "POST", "/api/v1/peers", {
      token: viewer,
      body: { ...input(), name: "org-d", caPem: organisation("org-d").caPem },
    });
    expect(byViewer.status).toBe(403);
    expect(await peerCount()).toBe(before);
  });

  it("publishes only known global services to known peers, and sets gateways of known clusters", async () => {
    const publish = (name: string, body: unknown) =>
      call(publications.POST, "POST", `/api/v1/peers/${name}/publications`, {
        token: admin,
        params: { name },
        body,
      });
    expect((await publish("org-b", { namespace: "bookinfo", name: "nope" })).status).toBe(404);
    expect((await publish("org-x", { namespace: "bookinfo", name: "reviews" })).status).toBe(404);
    expect((await publish("org-b", { namespace: "bookinfo", name: "reviews" })).status).toBe(201);
    expect((await publish("org-b", { namespace: "bookinfo", name: "reviews" })).status).toBe(204);
    const got = await call(peer.GET, "GET", "/api/v1/peers/org-b", {
      token: viewer,
      params: { name: "org-b" },
    });
    expect((got.body as { publishing: string[] }).publishing).toEqual(["bookinfo/reviews"]);
    const put = (cluster: string, body: unknown) =>
      call(gateway.PUT, "PUT", `/api/v1/clusters/${cluster}/federation-gateway`, {
        token: admin,
        params: { name: cluster },
        body,
      });
    expect((await put("nowhere", { address: "192.0.2.10" })).status).toBe(404);
    expect((await put("east-1", { address: "192.0.2.10 ; rm" })).status).toBe(400);
    expect((await put("east-1", { address: "192.0.2.10" })).status).toBe(204);
    expect(
      await db().federationGateway.findUnique({ where: { clusterName: "east-1" } }),
    ).toMatchObject({
      address: "192.0.2.10",
      port: 15443,
    });
  });

  it("plans an import only of a service the peer offers", async () => {
    const res = await call(importPlan.POST, "POST", "/api/v1/peers/org-b/imports/plan", {
      token: admin,
      params: { name: "org-b" },
      body: { service: "reviews.bookinfo", clusters: ["east-1"], version: 0 },
    });
    expect(res.status).toBe(404);
    const list = await call(offers.GET, "GET", "/api/v1/peers/org-b/offers", {
      token: viewer,
      params: { name: "org-b" },
    });
    expect(list.body).toEqual({ items: [] });
  });

  it("removes a peer (admin), audited", async () => {
    const res = await call(peer.DELETE, "DELETE", "/api/v1/peers/org-b", {
      token: admin,
      params: { name: "org-b" },
    });
    expect(res.status).toBe(204);
    expect(await peerCount()).toBe(0);
    expect(await db().federatedExport.count()).toBe(0);
    expect(
      await db().auditEvent.count({ where: { action: "peer.delete", targetId: "org-b" } }),
    ).toBe(1);
  });
});
