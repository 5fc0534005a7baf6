// Hamlet v1alpha2 as published, against a peer no one on this team wrote the wire code of: the Go
// program in test/hamlet-peer (google.golang.org/grpc, the published protos compiled at run time
// by protocompile). One Meridian ("org-m", on the run's database) is its owner and its consumer:
// publish, update, unpublish, reconnect and revoke in both directions, the spec's own example
// service, one message in flight, UNAUTHENTICATED for a stranger, and a peer as untrusted input.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/model/actor";
import { applyChanges } from "@/lib/services/sharing/change-sets";
import { listOfferedServices, planImport } from "@/lib/services/federation/consumer";
import {
  publishToPeer,
  revokeFromPeer,
  setFederationGateway,
} from "@/lib/services/federation/owner";
import { getFederationPeer, registerPeer, removePeer } from "@/lib/services/federation/peers";
import { db } from "@/lib/store/client";
import { loadIntent } from "@/lib/store/intent";
import { organisation } from "./certs";
import { SPEC_EXAMPLE, startGoPeer, type GoEvent, type GoPeer } from "./go-peer";
import { eventually, startMeridian, TEST_BACKOFF, type Meridian } from "./two-meridians";

const ADMIN: Actor = { type: "system", label: "go peer test admin" };
const MAX_OFFERS = 4;
let m: Meridian;
const goC = organisation("go-consumer");
const goO = organisation("go-owner");

beforeAll(async () => {
  m = await startMeridian("org-m", db(), { maxOffersPerPeer: MAX_OFFERS });
  await m.run(async () => {
    for (const name of ["reviews", "details"]) {
      const intent = (await loadIntent()).find((s) => s.name === name)!;
      await applyChanges(
        [{ namespace: "bookinfo", name, version: intent.version, exports: ["east-1"] }],
        { actor: ADMIN },
      );
    }
    await setFederationGateway("east-1", { address: "192.0.2.10", port: 15443 }, ADMIN);
  });
});

afterAll(async () => {
  await m?.federation.close();
});

const isResponse = (id: string, op: string) => (e: GoEvent) =>
  e.event === "response" && e.resource_id === id && e.operation === op;

describe("Meridian as owner, the Go peer as consumer", () => {
  let go: GoPeer;
  beforeAll(async () => {
    await m.run(() =>
      registerPeer(
        {
          name: "go-consumer",
          address: "localhost:1",
          caPem: goC.caPem,
          bundleEndpoint: "https://go-consumer.example/bundle",
        },
        ADMIN,
      ),
    );
    go = startGoPeer(goC, m.org.caPem, ["-connect", m.address()]);
  });
  afterAll(async () => {
    await go?.stop();
  });

  it("subscribes; a publication arrives as UPSERT by resource_id, which it ACKs", async () => {
    await go.next((e) => e.event === "subscribed");
    await m.run(() =>
      publishToPeer("go-consumer", { namespace: "bookinfo", name: "reviews" }, ADMIN),
    );
    const res = await go.next(isResponse("reviews.bookinfo", "UPSERT"));
    expect(res.type_url).toBe("type.googleapis.com/federation.types.v1alpha2.FederatedService");
    expect(res.service).toMatchObject({
      name: "reviews.bookinfo",
      fqdn: "reviews.bookinfo.org-m.example",
      endpoints: [{ address: "192.0.2.10", port: 15443, labels: ["meridian.dev/cluster=east-1"] }],
      instances: [
        {
          id: "http-9080",
          protocol: "HTTP",
          metadata: { SNI: "outbound_.9080_._.reviews.bookinfo.global", PORT: "9080" },
        },
      ],
    });
    await go.next((e) => e.event === "answered" && e.nonce === res.nonce && e.code === "OK");
    await eventually(
      "Meridian to record the ACK",
      async () => (await m.run(() => getFederationPeer("go-consumer"))).lastAckAt ?? undefined,
    );
  });

  it("an update is an UPSERT of the whole service", async () => {
    const from = go.events.length;
    await m.run(() =>
      setFederationGateway("east-1", { address: "192.0.2.20", port: 15443 }, ADMIN),
    );
    const res = await go.next(isResponse("reviews.bookinfo", "UPSERT"), from);
    expect((res.service as { endpoints: { address: string }[] }).endpoints[0]!.address).toBe(
      "192.0.2.20",
    );
  });

  it("one message in flight: while the consumer holds its answer, nothing else is sent", async () => {
    go.send({ op: "hold" });
    const from = go.events.length;
    await m.run(() =>
      publishToPeer("go-consumer", { namespace: "bookinfo", name: "details" }, ADMIN),
    );
    await m.run(() =>
      revokeFromPeer("go-consumer", { namespace: "bookinfo", name: "reviews" }, ADMIN),
    );
    await go.next(isResponse("details.bookinfo", "UPSERT"), from);
    await new Promise((r) => setTimeout(r, 1000));
    expect(go.events.slice(from).filter((e) => e.event === "response")).toHaveLength(1);
    go.send({ op: "release" });
    // The unpublish: a DELETE by resource_id, only once the UPSERT was answered.
    const del = await go.next(isResponse("reviews.bookinfo", "DELETE"), from);
    const answered = go.events.findIndex((e) => e.event === "answered" && e.code === "OK");
    expect(answered).toBeLessThan(go.events.indexOf(del));
  });

  it("a cut stream is re-established by the consumer and the whole catalog sent again", async () => {
    const from = go.events.length;
    m.federation.owner.endStreams("go-consumer");
    await go.next((e) => e.event === "closed", from);
    await go.next((e) => e.event === "subscribed" && (e.session as number) >= 2, from);
    await go.next(isResponse("details.bookinfo", "UPSERT"), from);
  });

  it("revoking the last publication sends its DELETE", async () => {
    const from = go.events.length;
    await m.run(() =>
      revokeFromPeer("go-consumer", { namespace: "bookinfo", name: "details" }, ADMIN),
    );
    await go.next(isResponse("details.bookinfo", "DELETE"), from);
  });

  it("a consumer that NACKs everything causes no resend loop", async () => {
    go.send({ op: "nack-all", message: "refused by policy" });
    const from = go.events.length;
    await m.run(() =>
      publishToPeer("go-consumer", { namespace: "bookinfo", name: "reviews" }, ADMIN),
    );
    await go.next(isResponse("reviews.bookinfo", "UPSERT"), from);
    const nack = await eventually("Meridian to record the NACK", async () => {
      const n = (await m.run(() => getFederationPeer("go-consumer"))).lastNack;
      return n?.message.includes("refused by policy") ? n : undefined;
    });
    expect(nack).toMatchObject({
      side: "received",
      message: "UPSERT reviews.bookinfo: refused by policy",
    });
    // Another change refreshes the stream: the NACKed service is not sent again.
    await m.run(() =>
      publishToPeer("go-consumer", { namespace: "bookinfo", name: "details" }, ADMIN),
    );
    await go.next(isResponse("details.bookinfo", "UPSERT"), from);
    await new Promise((r) => setTimeout(r, 1500));
    expect(go.events.slice(from).filter(isResponse("reviews.bookinfo", "UPSERT"))).toHaveLength(1);
    go.send({ op: "nack-all", message: "" });
    for (const name of ["reviews", "details"])
      await m.run(() => revokeFromPeer("go-consumer", { namespace: "bookinfo", name }, ADMIN));
  });

  it("an unregistered client gets UNAUTHENTICATED, and a spec client stops retrying", async () => {
    const stranger = startGoPeer(organisation("go-stranger"), m.org.caPem, [
      "-connect",
      m.address(),
    ]);
    try {
      const closed = await stranger.next((e) => e.event === "closed");
      expect(closed).toMatchObject({
        code: "Unauthenticated",
        message: "client certificate missing, expired or not issued by a registered peer's CA",
      });
      await stranger.next((e) => e.event === "gave-up");
    } finally {
      await stranger.stop();
    }
  });
});

describe("the Go peer as owner, Meridian as consumer", () => {
  let go: GoPeer;
  const offers = async () => (await m.run(() => listOfferedServices("go-owner"))).items;
  const answerTo = async (id: string, from: number, operation = "UPSERT") =>
    go.next((e) => e.event === "answer" && e.resource_id === id && e.operation === operation, from);
  const upsert = async (service: Record<string, unknown>) => {
    const from = go.events.length;
    go.send({ op: "upsert", service });
    return answerTo(String(service.name), from);
  };

  beforeAll(async () => {
    go = startGoPeer(goO, m.org.caPem, ["-listen", "127.0.0.1:0"]);
    const listening = await go.next((e) => e.event === "listening");
    await m.run(() =>
      registerPeer(
        {
          name: "go-owner",
          address: `localhost:${listening.port as number}`,
          caPem: goO.caPem,
          bundleEndpoint: "https://go-owner.example/bundle",
          domains: ["mysql.com", "go-owner.example"],
        },
        ADMIN,
      ),
    );
  });
  afterAll(async () => {
    await go?.stop();
  });

  it("an owner with an empty catalog sends nothing: Meridian shows the stream open and empty", async () => {
    await go.next((e) => e.event === "subscribed");
    const peer = await eventually("the stream to show", async () => {
      const p = await m.run(() => getFederationPeer("go-owner"));
      return p.stream === "empty" ? p : undefined;
    });
    expect(peer).toMatchObject({ connected: true, offered: 0, lastError: "" });
  });

  it("the spec's own example service is ACKed and stored as the spec reads it", async () => {
    const answer = await upsert(SPEC_EXAMPLE);
    expect(answer).toMatchObject({ operation: "UPSERT", code: "OK", message: "" });
    const [offer] = await offers();
    expect(offer!.service).toMatchObject({
      name: "example-service",
      fqdn: "db.mysql.com",
      sans: ["spiffe://db1.mysql.com"],
      instances: [{ metadata: { SNI: "outbound_.8080_.v1_.db.mysql.com" } }],
    });
    // The instance's SNI and port (HTTPS: 443) reach the plan's DestinationRule.
    const plan = await m.run(() =>
      planImport("go-owner", { service: "example-service", clusters: ["east-1"], version: 0 }),
    );
    const east = plan.clusters.find((c) => c.cluster === "east-1")!;
    expect(east.diff).toContain("sni: outbound_.8080_.v1_.db.mysql.com");
    expect(east.diff).toContain("84.15.190.249");
    expect(east.diff).toContain("number: 443");
  });

  it("an update replaces the stored service; a reconnect deletes nothing", async () => {
    expect(await upsert({ ...SPEC_EXAMPLE, labels: { version: "3.7" } })).toMatchObject({
      code: "OK",
    });
    expect((await offers())[0]!.service.labels).toEqual({ version: "3.7" });
    const sessions = m.federation.consumer("go-owner")!.sessions();
    const from = go.events.length;
    go.send({ op: "drop" });
    await go.next((e) => e.event === "subscribed", from);
    await eventually("Meridian to reconnect", async () =>
      m.federation.consumer("go-owner")!.sessions() > sessions ? true : undefined,
    );
    expect((await offers()).map((o) => o.name)).toEqual(["example-service"]);
  });

  it("a DELETE by resource_id removes the offer", async () => {
    const from = go.events.length;
    go.send({ op: "delete", id: "example-service" });
    expect(await answerTo("example-service", from, "DELETE")).toMatchObject({
      operation: "DELETE",
      code: "OK",
    });
    expect(await offers()).toEqual([]);
  });

  const base = (name: string, fqdn: string, address = "84.15.190.249") => ({
    ...SPEC_EXAMPLE,
    name,
    fqdn,
    endpoints: [{ ...SPEC_EXAMPLE.endpoints[0]!, address }],
  });

  it.each([
    [
      "kubernetes.default.svc.cluster.local",
      base("k8s", "kubernetes.default.svc.cluster.local"),
      "FederatedService k8s: fqdn kubernetes.default.svc.cluster.local is inside this fleet's own domain cluster.local",
    ],
    [
      "istiod.istio-system.svc.cluster.local",
      base("istiod", "istiod.istio-system.svc.cluster.local"),
      "FederatedService istiod: fqdn istiod.istio-system.svc.cluster.local is inside this fleet's own domain cluster.local",
    ],
    [
      "reviews.bookinfo.svc.cluster.local",
      base("reviews", "reviews.bookinfo.svc.cluster.local"),
      "FederatedService reviews: fqdn reviews.bookinfo.svc.cluster.local is inside this fleet's own domain cluster.local",
    ],
    [
      "a global name of this fleet",
      base("reviews-global", "reviews.bookinfo.global"),
      "FederatedService reviews-global: fqdn reviews.bookinfo.global is inside this fleet's own domain global",
    ],
    [
      "the cluster set's domain",
      base("reviews-cs", "reviews.bookinfo.svc.clusterset.local"),
      "FederatedService reviews-cs: fqdn reviews.bookinfo.svc.clusterset.local is inside this fleet's own domain clusterset.local",
    ],
    [
      "a public domain not given to the peer",
      base("bank", "login.bank.example"),
      "FederatedService bank: fqdn login.bank.example is outside the domains peer go-owner may offer (mysql.com, go-owner.example)",
    ],
    [
      "a loopback endpoint",
      base("loop", "loop.go-owner.example", "127.0.0.1"),
      "FederatedService loop: endpoints[0].address 127.0.0.1 is loopback, link-local, metadata or another range Meridian does not route to",
    ],
    [
      "the metadata endpoint",
      base("imds", "imds.go-owner.example", "169.254.169.254"),
      "FederatedService imds: endpoints[0].address 169.254.169.254 is loopback, link-local, metadata or another range Meridian does not route to",
    ],
  ])("an offer claiming %s is NACKed, nothing stored", async (_what, service, message) => {
    expect(await upsert(service)).toMatchObject({ code: "InvalidArgument", message });
    expect(await offers()).toEqual([]);
  });

  it(`at most ${MAX_OFFERS} offers per peer: the next is NACKed`, async () => {
    for (let i = 1; i <= MAX_OFFERS; i++)
      expect(await upsert(base(`s${i}`, `s${i}.go-owner.example`))).toMatchObject({ code: "OK" });
    expect(await upsert(base("s5", "s5.go-owner.example"))).toMatchObject({
      code: "InvalidArgument",
      message: `FederatedService s5: peer go-owner already offers ${MAX_OFFERS} services, the most Meridian keeps per peer`,
    });
    for (let i = 1; i <= MAX_OFFERS; i++) {
      const from = go.events.length;
      go.send({ op: "delete", id: `s${i}` });
      await answerTo(`s${i}`, from, "DELETE");
    }
    expect(await offers()).toEqual([]);
  });

  it("a 10,000-endpoint offer is NACKed at once, nothing stored", async () => {
    const endpoints = Array.from({ length: 10_000 }, (_, i) => ({
      address: `84.15.${Math.floor(i / 250)}.${(i % 250) + 1}`,
      port: 443,
      labels: ["dbendpoint1"],
    }));
    const began = Date.now();
    const answer = await upsert({ ...base("wide", "wide.go-owner.example"), endpoints });
    expect(answer.code).toBe("InvalidArgument");
    // Over the size limit or the endpoint limit, whichever it meets first.
    expect(String(answer.message)).toMatch(
      /^FederatedService wide (is \d+ bytes: Meridian accepts at most 262144|is malformed: endpoints: )/,
    );
    expect(Date.now() - began).toBeLessThan(5_000);
    expect(await offers()).toEqual([]);
  });

  it("a huge name is not echoed back: the NACK and the stored last NACK are clipped", async () => {
    const name = `n${"x".repeat(300_000)}`;
    const answer = await upsert(base(name, "big.go-owner.example"));
    expect(answer.code).toBe("InvalidArgument");
    expect(Buffer.byteLength(String(answer.message))).toBeLessThan(600);
    expect(String(answer.message)).toMatch(/is \d+ bytes: Meridian accepts at most 262144$/);
    const peer = await m.run(() => getFederationPeer("go-owner"));
    expect(Buffer.byteLength(JSON.stringify(peer))).toBeLessThan(8_000);
  });

  it("a message over the gRPC limit fails the stream, and the backoff grows instead of looping", async () => {
    const handle = m.federation.consumer("go-owner")!;
    const before = handle.delays().length;
    const huge = { ...base("huge", "huge.go-owner.example"), description: "d".repeat(5_000_000) };
    go.send({ op: "upsert", service: huge });
    const peer = await eventually("the failure to show", async () => {
      const p = await m.run(() => getFederationPeer("go-owner"));
      return /over Meridian's limit/.test(p.lastError) ? p : undefined;
    });
    expect(peer.lastError).toMatch(/RESOURCE_EXHAUSTED|larger than max/i);
    // Each reconnect gets the same message again: the delay must grow towards the cap.
    const delays = await eventually("four reconnect delays", async () => {
      const d = handle.delays().slice(before);
      return d.length >= 4 ? d : undefined;
    });
    expect(delays[3]!).toBeGreaterThan(TEST_BACKOFF.initialMs * 2);
    go.send({ op: "delete", id: "huge" });
  });

  it("removing the peer ends its stream and forgets its offers", async () => {
    expect(await upsert(base("last", "last.go-owner.example"))).toMatchObject({ code: "OK" });
    const from = go.events.length;
    await m.run(() => removePeer("go-owner", ADMIN));
    await go.next((e) => e.event === "stream-ended" || e.event === "dropped", from);
    await expect(m.run(() => listOfferedServices("go-owner"))).rejects.toThrow(/Peer go-owner/);
  });
});

describe("a certificate failure reads as one", () => {
  it("a peer whose server certificate the registered CA did not issue shows 'certificate'", async () => {
    const go = startGoPeer(goO, m.org.caPem, ["-listen", "127.0.0.1:0"]);
    try {
      const listening = await go.next((e) => e.event === "listening");
      await m.run(() =>
        registerPeer(
          {
            name: "go-wrong-ca",
            address: `localhost:${listening.port as number}`,
            caPem: organisation("unrelated").caPem,
            bundleEndpoint: "https://go-wrong-ca.example/bundle",
          },
          ADMIN,
        ),
      );
      const peer = await eventually("the failure to show", async () => {
        const p = await m.run(() => getFederationPeer("go-wrong-ca"));
        return p.lastError ? p : undefined;
      });
      expect(peer.stream).toBe("certificate");
      expect(peer.lastError).toMatch(/^certificate failure with localhost:\d+: /);
    } finally {
      // Its consumer would go on retrying (and writing its status) into the suite's teardown.
      await m.run(() => removePeer("go-wrong-ca", ADMIN)).catch(() => undefined);
      await go.stop();
    }
  });
});
