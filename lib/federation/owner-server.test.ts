// The owner's DiscoveryService with many open streams (issue 35, defect 8): one change is one
// read of what is published, whatever the number of streams, and each stream still gets its own
// peer's services. Real grpc-js over mutual TLS on loopback, real consumer clients; the source
// of publications is a test double (named so) that counts its reads.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organisation, type Organisation } from "../../tests/federation/certs";
import { connectToPeer, type ConsumerHandle } from "./consumer-client";
import { startOwnerServer, type OwnerServer } from "./owner-server";
import type { FederatedService } from "@/lib/model/federated-service";

const PEERS = ["p1", "p2", "p3"];
const STREAMS_PER_PEER = 4;
const service = (peer: string, version: string) => ({
  name: `svc.${peer}`,
  fqdn: `svc.${peer}.example`,
  labels: { version },
  endpoints: [{ address: "84.15.190.249", port: 443, labels: ["e"] }],
  instances: [{ id: "tls", protocol: "TLS", metadata: {}, endpoint_selector: ["e"] }],
});

describe("owner server with many streams (test-double publication source)", () => {
  let server: OwnerServer;
  const owner = organisation("owner");
  const orgs = new Map<string, Organisation>(PEERS.map((p) => [p, organisation(p)]));
  const reads: string[][] = [];
  let version = "1";
  const received: { peer: string; service: FederatedService }[] = [];
  const handles: ConsumerHandle[] = [];

  beforeAll(async () => {
    server = await startOwnerServer({
      host: "127.0.0.1",
      port: 0,
      certPem: owner.certPem,
      keyPem: owner.keyPem,
      source: {
        peers: async () => PEERS.map((name) => ({ name, caPem: orgs.get(name)!.caPem })),
        published: async (peers) => {
          reads.push([...peers].sort());
          return new Map(peers.map((p) => [p, new Map([[`svc.${p}`, service(p, version)]])]));
        },
        answered: async () => undefined,
      },
    });
    for (const peer of PEERS)
      for (let i = 0; i < STREAMS_PER_PEER; i++)
        handles.push(
          connectToPeer(
            {
              peer,
              address: `localhost:${server.port}`,
              caPem: owner.caPem,
              certPem: orgs.get(peer)!.certPem,
              keyPem: orgs.get(peer)!.keyPem,
            },
            {
              offer: async (p, s) => void received.push({ peer: p, service: s }),
              withdraw: async () => undefined,
              status: async () => undefined,
            },
            { initialMs: 100, maxMs: 800 },
          ),
        );
  });

  afterAll(async () => {
    for (const h of handles) h.close();
    await server?.close();
  });

  const until = async (what: string, ok: () => boolean) => {
    for (let i = 0; i < 300 && !ok(); i++) await new Promise((r) => setTimeout(r, 100));
    if (!ok()) throw new Error(`timed out waiting for ${what}`);
  };

  it("one change, one read for every open stream; each stream gets its own peer's service", async () => {
    const total = PEERS.length * STREAMS_PER_PEER;
    await until("every stream to get version 1", () => received.length === total);
    expect(server.streams()).toEqual({ p1: 4, p2: 4, p3: 4 });
    reads.length = 0;
    received.length = 0;
    version = "2";
    await server.refresh();
    expect(reads).toEqual([PEERS]);
    await until("every stream to get version 2", () => received.length === total);
    for (const r of received) expect(r.service.name).toBe(`svc.${r.peer}`);
    expect(received.every((r) => r.service.labels["version"] === "2")).toBe(true);
  });

  it("a peer's CA reload ends only the streams of a peer whose CA changed", async () => {
    const before = handles.map((h) => h.sessions());
    orgs.set("p2", organisation("p2-rotated"));
    await server.reloadPeers();
    await until("p2's streams to end", () => !server.streams()["p2"]);
    expect(server.streams()).toEqual({ p1: 4, p3: 4 });
    // p1's and p3's consumers kept their first session.
    handles.forEach((h, i) => {
      if (Math.floor(i / STREAMS_PER_PEER) !== 1) expect(h.sessions()).toBe(before[i]);
    });
  });
});
