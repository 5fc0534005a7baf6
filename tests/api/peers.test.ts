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
import { receiveOffer } from "@/lib/services/federation/consumer";
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
    expect(list.body).toEqual({ items: [], total: 0, nextCursor: null });
  });

  it("sets the domains a peer may offer (admin, audited); refuses fleet domains, overlaps and viewers", async () => {
    const read = async () =>
      (
        await call(peer.GET, "GET", "/api/v1/peers/org-b", {
          token: viewer,
          params: { name: "org-b" },
        })
      ).body as { version: number; domains: string[] };
    const patch = (token: string, body: Record<string, unknown>) =>
      call(peer.PATCH, "PATCH", "/api/v1/peers/org-b", { token, params: { name: "org-b" }, body });
    expect((await read()).domains).toEqual([]);
    const ok = await patch(admin, { version: (await read()).version, domains: ["org-b.example"] });
    expect(ok.status).toBe(200);
    expect((ok.body as { domains: string[] }).domains).toEqual(["org-b.example"]);
    const audit = await db().auditEvent.findMany({
      where: { action: "peer.update", targetId: "org-b" },
      orderBy: { id: "desc" },
      take: 1,
    });
    expect(audit[0]?.data).toMatchObject({ domains: ["org-b.example"] });
    const version = (await read()).version;
    for (const domains of [
      ["svc.cluster.local"],
      ["global"],
      ["clusterset.local"],
      ["Org.Example"],
      ["example"],
    ]) {
      const res = await patch(admin, { version, domains });
      expect({ domains, status: res.status }).toEqual({ domains, status: 400 });
    }
    expect((await patch(viewer, { version, domains: ["x.example"] })).status).toBe(403);
    // A second peer may not be given a domain that overlaps org-b's (no squatting).
    const other = await call(peers.POST, "POST", "/api/v1/peers", {
      token: admin,
      body: {
        ...input(),
        name: "org-e",
        caPem: organisation("org-e").caPem,
        domains: ["shop.org-b.example"],
      },
    });
    expect(other.status).toBe(409);
    expect((other.body as { error: { code: string; message: string } }).error).toEqual({
      code: "domain_in_use",
      message:
        "domain shop.org-b.example overlaps org-b.example, which peer org-b may offer: a name belongs to one peer",
    });
    expect((await read()).domains).toEqual(["org-b.example"]);
  });

  it("admits and stores a peer's offer on a one-connection database (the stream's use case)", async () => {
    // org-b may offer org-b.example (the test above). On the embedded database the pool has one
    // connection, held by the offer's transaction: admission must read nothing through the pool.
    await receiveOffer("org-b", {
      name: "one",
      description: "",
      tags: [],
      labels: {},
      fqdn: "one.org-b.example",
      endpoints: [{ address: "84.15.190.249", port: 443, labels: ["e"], description: "" }],
      sans: [],
      instances: [
        { id: "tls", protocol: "TLS", metadata: {}, endpoint_selector: ["e"], description: "" },
      ],
    });
    expect(await db().offeredService.count({ where: { peerName: "org-b", name: "one" } })).toBe(1);
    await db().offeredService.deleteMany({ where: { peerName: "org-b" } });
  }, 30_000);

  it("pages the offers by name", async () => {
    const { storeOffer } = await import("@/lib/store/peers");
    const service = (name: string) => ({
      name,
      description: "",
      tags: [],
      labels: {},
      fqdn: `${name}.org-b.example`,
      endpoints: [{ address: "84.15.190.249", port: 443, labels: ["e"], description: "" }],
      sans: [],
      instances: [
        { id: "tls", protocol: "TLS", metadata: {}, endpoint_selector: ["e"], description: "" },
      ],
    });
    // Stored directly (what the stream stores once admitted): this suite has no peer stream.
    for (const n of ["a", "b", "c"]) await storeOffer(db(), "org-b", service(n));
    const page = async (search: Record<string, string>) =>
      call(offers.GET, "GET", "/api/v1/peers/org-b/offers", {
        token: viewer,
        params: { name: "org-b" },
        search,
      });
    const first = await page({ limit: "2" });
    expect(first.status).toBe(200);
    const body = first.body as { items: { name: string }[]; total: number; nextCursor: string };
    expect([body.items.map((o) => o.name), body.total, body.nextCursor]).toEqual([
      ["a", "b"],
      3,
      "b",
    ]);
    const second = (await page({ limit: "2", cursor: "b" })).body as typeof body;
    expect([second.items.map((o) => o.name), second.nextCursor]).toEqual([["c"], null]);
    expect((await page({ limit: "0" })).status).toBe(400);
    expect((await page({ limit: "201" })).status).toBe(400);
    await db().offeredService.deleteMany({ where: { peerName: "org-b" } });
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
