// Federation over Hamlet v1alpha2 (issue 21.3) between two Meridians ("org-a" and "org-b"), each
// on its own database of one real Postgres server with its own demo fleet, over real gRPC with
// mutual TLS on loopback. A publishes bookinfo/reviews to B; B stores the offer, plans and
// applies an import into one cluster (an Istio ServiceEntry + DestinationRule that B's agent
// receives); revoking on A sends DELETE and B's plan removes the import. Also: the NACK and ACK
// paths, a malformed FederatedService from a peer (NACKed, nothing stored), a lost stream that
// reconnects without deleting anything, and a client certificate from no peer's CA refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as desired from "@/app/api/agent/v1/desired/route";
import * as register from "@/app/api/agent/v1/register/route";
import { startOwnerServer, type OwnerServer } from "@/lib/federation/owner-server";
import { connectToPeer } from "@/lib/federation/consumer-client";
import type { Actor } from "@/lib/model/actor";
import type { DesiredResource } from "@/lib/agent-protocol/messages";
import { createJoinToken } from "@/lib/services/agents/access";
import { applyChanges } from "@/lib/services/sharing/change-sets";
import { applyImport, listOfferedServices, planImport } from "@/lib/services/federation/consumer";
import {
  publishToPeer,
  revokeFromPeer,
  setFederationGateway,
} from "@/lib/services/federation/owner";
import { getFederationPeer, registerPeer } from "@/lib/services/federation/peers";
import { setGlobalHostStyle } from "@/lib/services/sharing/global-hostname";
import { db } from "@/lib/store/client";
import { loadIntent } from "@/lib/store/intent";
import { call } from "../helpers/api";
import { organisation } from "./certs";
import {
  clientFor,
  eventually,
  secondDatabase,
  startMeridian,
  TEST_BACKOFF,
  type Meridian,
} from "./two-meridians";

const ADMIN: Actor = { type: "system", label: "federation test admin" };
const REVIEWS = { namespace: "bookinfo", name: "reviews" };
const OFFER = "reviews.bookinfo";

let a: Meridian;
let b: Meridian;
let dropB: () => Promise<void>;
let bClient: ReturnType<typeof clientFor>;

const offersOnB = () => b.run(() => listOfferedServices("org-a"));
const offerOnB = async () => (await offersOnB()).find((o) => o.name === OFFER);

/** The desired resources B's agent for `cluster` reads, through the real agent route. */
async function agentDesired(credential: string): Promise<DesiredResource[]> {
  const res = await b.run(() =>
    call(desired.GET, "GET", "/api/agent/v1/desired", {
      token: credential,
      search: { after: "0", wait: "0" },
    }),
  );
  expect(res.status).toBe(200);
  return (res.body as { resources: DesiredResource[] }).resources;
}

beforeAll(async () => {
  const second = await secondDatabase();
  dropB = second.drop;
  bClient = clientFor(second.url);
  a = await startMeridian("org-a", db());
  b = await startMeridian("org-b", bClient);
  // A exports reviews from its two Istio clusters; peers reach them at their east-west gateways.
  await a.run(async () => {
    const intent = (await loadIntent()).find((s) => s.name === "reviews")!;
    await applyChanges([{ ...REVIEWS, version: intent.version, exports: ["east-1", "east-2"] }], {
      actor: ADMIN,
    });
    await setFederationGateway("east-1", { address: "192.0.2.10", port: 15443 }, ADMIN);
    await setFederationGateway("east-2", { address: "192.0.2.11", port: 15443 }, ADMIN);
  });
  // Each registers the other: address, the CA that signs the other's certificates, bundle URL.
  await a.run(() =>
    registerPeer(
      {
        name: "org-b",
        address: b.address(),
        caPem: b.org.caPem,
        bundleEndpoint: "https://org-b.example/api/v1/trust/bundles/org-b.example",
      },
      ADMIN,
    ),
  );
  await b.run(() =>
    registerPeer(
      {
        name: "org-a",
        address: a.address(),
        caPem: a.org.caPem,
        bundleEndpoint: "https://org-a.example/api/v1/trust/bundles/org-a.example",
      },
      ADMIN,
    ),
  );
});

afterAll(async () => {
  await b?.federation.close();
  await a?.federation.close();
  await bClient?.$disconnect();
  await dropB?.();
});

describe("Hamlet federation between two Meridians", () => {
  it("publishes nothing until an admin federates a service (deny by default)", async () => {
    await eventually("B connected to A", async () =>
      (await b.run(() => getFederationPeer("org-a"))).connected ? true : undefined,
    );
    expect(await offersOnB()).toEqual([]);
  });

  it("a colliding host is NACKed by B with its reason, and A's peer shows the NACK", async () => {
    // Both fleets are Distributed Bookinfo: A's reviews.bookinfo.global is B's own host too.
    await a.run(() => publishToPeer("org-b", REVIEWS, ADMIN));
    const nack = await eventually("A to record B's NACK", async () => {
      const peer = await a.run(() => getFederationPeer("org-b"));
      return peer.lastNack ?? undefined;
    });
    expect(nack.side).toBe("received");
    expect(nack.message).toMatch(
      /^CREATE reviews\.bookinfo: FederatedService reviews\.bookinfo: fqdn reviews\.bookinfo\.global is already global service bookinfo\/reviews here/,
    );
    const sent = (await b.run(() => getFederationPeer("org-a"))).lastNack;
    expect(sent?.side).toBe("sent");
    expect(await offersOnB()).toEqual([]);
  });

  it("after A renames its hosts, the UPDATE is stored by B and ACKed", async () => {
    const before = (await a.run(() => getFederationPeer("org-b"))).lastAckAt;
    await a.run(() => setGlobalHostStyle({ suffix: "clusterset" }, { actor: ADMIN }));
    const offer = await eventually("B to store the offer", offerOnB);
    expect(offer.service.fqdn).toBe("reviews.bookinfo.svc.clusterset.local");
    expect(offer.service.endpoints).toEqual([
      { address: "192.0.2.10", port: 15443, labels: ["meridian.dev/cluster=east-1"] },
      { address: "192.0.2.11", port: 15443, labels: ["meridian.dev/cluster=east-2"] },
    ]);
    expect(offer.service.sans).toEqual(["spiffe://cluster.local/ns/bookinfo/sa/reviews"]);
    expect(offer.service.instances).toEqual([
      {
        id: "http-9080",
        protocol: "HTTP",
        metadata: {
          sni: "outbound_.9080_._.reviews.bookinfo.svc.clusterset.local",
          port: "9080",
        },
        endpoint_selector: ["meridian.dev/cluster=east-1", "meridian.dev/cluster=east-2"],
      },
    ]);
    const acked = await eventually("A to record B's ACK", async () => {
      const at = (await a.run(() => getFederationPeer("org-b"))).lastAckAt;
      return at && at !== before ? at : undefined;
    });
    expect(Date.parse(acked)).toBeGreaterThan(0);
  });

  let credential = "";

  it("B imports the offer into one cluster: the plan shows the ServiceEntry, apply reaches B's agent", async () => {
    const plan = await b.run(() =>
      planImport("org-a", { service: OFFER, clusters: ["east-1", "west-1"], version: 0 }),
    );
    const east = plan.clusters.find((c) => c.cluster === "east-1")!;
    expect(east.resources.create).toEqual([
      expect.stringMatching(
        /^networking\.istio\.io\/DestinationRule\/istio-system\/meridian-remote-org-a-reviews-bookinfo-/,
      ),
      expect.stringMatching(
        /^networking\.istio\.io\/ServiceEntry\/istio-system\/meridian-remote-org-a-reviews-bookinfo-/,
      ),
    ]);
    expect(east.diff).toContain("location: MESH_INTERNAL");
    expect(east.diff).toContain("192.0.2.10");
    expect(east.diff).toContain("sni: outbound_.9080_._.reviews.bookinfo.svc.clusterset.local");
    // Linkerd cannot reach a foreign gateway by SNI: said, not silently dropped.
    expect(plan.clusters.find((c) => c.cluster === "west-1")).toBeUndefined();
    expect(plan.warnings).toContainEqual(
      expect.objectContaining({
        code: "mesh-cannot-express",
        cluster: "west-1",
        message: expect.stringMatching(
          /^org-a:reviews\.bookinfo from peer org-a is not imported into west-1: Linkerd/,
        ),
      }),
    );

    credential = await b.run(async () => {
      const { token } = await createJoinToken("east-1", ADMIN);
      const res = await call(register.POST, "POST", "/api/agent/v1/register", {
        body: {
          joinToken: token,
          agent: { version: "0.1.0-test", hostname: "east-1-agent", simulated: true },
        },
      });
      expect(res.status).toBe(201);
      return (res.body as { credential: string }).credential;
    });
    const changeSet = await b.run(() =>
      applyImport("org-a", { service: OFFER, clusters: ["east-1"], version: 0 }, { actor: ADMIN }),
    );
    expect(changeSet.title).toBe("org-a:reviews.bookinfo: import from peer org-a");
    const resources = await agentDesired(credential);
    const se = resources.find(
      (r) => r.kind === "ServiceEntry" && r.metadata.namespace === "istio-system",
    )!;
    expect(se).toBeDefined();
    expect((se as unknown as { spec: Record<string, unknown> }).spec).toMatchObject({
      hosts: ["reviews.bookinfo.svc.clusterset.local"],
      location: "MESH_INTERNAL",
      resolution: "STATIC",
      ports: [{ number: 9080, name: "http-9080", protocol: "HTTP" }],
      endpoints: [
        {
          address: "192.0.2.10",
          ports: { "http-9080": 15443 },
          labels: { "meridian.dev/peer": "org-a" },
        },
        {
          address: "192.0.2.11",
          ports: { "http-9080": 15443 },
          labels: { "meridian.dev/peer": "org-a" },
        },
      ],
    });
    const dr = resources.find(
      (r) => r.kind === "DestinationRule" && r.metadata.namespace === "istio-system",
    )!;
    expect((dr as unknown as { spec: Record<string, unknown> }).spec).toMatchObject({
      host: "reviews.bookinfo.svc.clusterset.local",
      trafficPolicy: {
        portLevelSettings: [
          {
            port: { number: 9080 },
            tls: {
              mode: "ISTIO_MUTUAL",
              sni: "outbound_.9080_._.reviews.bookinfo.svc.clusterset.local",
              subjectAltNames: ["spiffe://cluster.local/ns/bookinfo/sa/reviews"],
            },
          },
        ],
      },
    });
  });

  it("a lost stream reconnects with backoff and deletes nothing", async () => {
    const sessions = b.federation.consumer("org-a")!.sessions();
    // A's server goes away and comes back (as a restart would): B's stream is cut.
    await a.federation.owner.reloadPeers();
    await eventually("B to reconnect", async () =>
      b.federation.consumer("org-a")!.sessions() > sessions ? true : undefined,
    );
    expect((await offerOnB())?.importedInto).toEqual(["east-1"]);
    expect((await agentDesired(credential)).some((r) => r.kind === "ServiceEntry")).toBe(true);
  });

  it("revoking on A sends DELETE; B's plan then removes the import", async () => {
    await a.run(() => revokeFromPeer("org-b", REVIEWS, ADMIN));
    await eventually("B to drop the offer", async () =>
      (await offerOnB()) === undefined ? true : undefined,
    );
    // The import stays until B plans it away: the resources leave east-1 through a change set.
    const plan = await b.run(() =>
      planImport("org-a", { service: OFFER, clusters: [], version: 1 }),
    );
    const east = plan.clusters.find((c) => c.cluster === "east-1")!;
    expect(east.delete).toBe(2);
    expect(east.resources.delete).toEqual([
      expect.stringMatching(
        /DestinationRule\/istio-system\/meridian-remote-org-a-reviews-bookinfo-/,
      ),
      expect.stringMatching(/ServiceEntry\/istio-system\/meridian-remote-org-a-reviews-bookinfo-/),
    ]);
    await b.run(() =>
      applyImport("org-a", { service: OFFER, clusters: [], version: 1 }, { actor: ADMIN }),
    );
    const left = await agentDesired(credential);
    expect(
      left.filter(
        (r) =>
          r.metadata.namespace === "istio-system" && r.metadata.name.startsWith("meridian-remote-"),
      ),
    ).toEqual([]);
  });
});

describe("a peer that sends a malformed FederatedService", () => {
  let rogue: OwnerServer;
  const answers: { operation: string; service: string; nack?: string }[] = [];

  beforeAll(async () => {
    // A third organisation's DiscoveryService: Meridian's own owner server, with a test double
    // as its source (named so) that publishes a service with no endpoints and a bad SAN.
    const c = organisation("org-c");
    rogue = await startOwnerServer({
      host: "127.0.0.1",
      port: 0,
      certPem: c.certPem,
      keyPem: c.keyPem,
      source: {
        peers: async () => [{ name: "org-b", caPem: b.org.caPem }],
        published: async () =>
          new Map([
            [
              "broken",
              {
                name: "broken",
                fqdn: "broken.org-c.example",
                endpoints: [],
                sans: ["not-a-spiffe-id"],
                instances: [
                  {
                    id: "tcp",
                    protocol: "TCP",
                    metadata: { port: "8080" },
                    endpoint_selector: ["x"],
                  },
                ],
              },
            ],
          ]),
        answered: async (_peer, answer) => void answers.push(answer),
      },
    });
    await b.run(() =>
      registerPeer(
        {
          name: "org-c",
          address: `localhost:${rogue.port}`,
          caPem: c.caPem,
          bundleEndpoint: "https://org-c.example/api/v1/trust/bundles/org-c.example",
        },
        ADMIN,
      ),
    );
  });

  afterAll(async () => {
    await rogue?.close();
  });

  it("is NACKed with a clear message, and nothing of it is stored", async () => {
    const answer = await eventually("the rogue peer to get an answer", async () => answers[0]);
    expect(answer.operation).toBe("CREATE");
    expect(answer.nack).toBe(
      "FederatedService broken is malformed: endpoints: at least one endpoint is required; sans[0]: each SAN must be a SPIFFE ID (spiffe://…); instances[0].endpoint_selector: matches no endpoint's labels",
    );
    expect(await b.run(() => listOfferedServices("org-c"))).toEqual([]);
    const peer = await b.run(() => getFederationPeer("org-c"));
    expect(peer.lastNack).toMatchObject({ side: "sent", message: answer.nack });
    expect(peer.offered).toBe(0);
  });
});

describe("deny by default at the door", () => {
  it("refuses a client whose certificate no registered peer's CA issued", async () => {
    const stranger = organisation("stranger");
    const statuses: { connected: boolean; error: string }[] = [];
    const handle = connectToPeer(
      {
        peer: "a",
        address: a.address(),
        caPem: a.org.caPem,
        certPem: stranger.certPem,
        keyPem: stranger.keyPem,
      },
      {
        offer: async () => undefined,
        withdraw: async () => undefined,
        status: async (_p, s) => void statuses.push(s),
      },
      TEST_BACKOFF,
    );
    try {
      const refused = await eventually("the stranger to be refused", async () =>
        statuses.find((s) => !s.connected && s.error),
      );
      expect(refused.error).not.toBe("");
      expect(handle.sessions()).toBe(0);
    } finally {
      handle.close();
    }
  });
});
