// A peer that speaks the Hamlet draft (vmware/hamlet 4264e88: StreamResponse resource = 3,
// operation = 4 with CREATE/UPDATE/DELETE, context = 5), as a Meridian before issue 35 did. It
// uses the same gRPC path, so the stream opens and then cannot be read: Meridian names the
// cause and backs off, growing, instead of reconnecting once a second. The draft owner is a real
// grpc-js server over TLS whose messages are encoded from the draft's field numbers (a test
// double of an old peer, named so); the consumer is Meridian's own.
import path from "node:path";
import * as grpc from "@grpc/grpc-js";
import protobuf from "protobufjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organisation } from "../../tests/federation/certs";
import { connectToPeer } from "./consumer-client";
import { FEDERATED_SERVICE_URL } from "./proto";

const DRAFT = protobuf
  .parse(
    `syntax = "proto3"; package draft;
   message Any { string type_url = 1; bytes value = 2; }
   message StreamResponse { string nonce = 1; string resource_url = 2; Any resource = 3;
                            int32 operation = 4; string context = 5; }
   message BidirectionalStream { StreamResponse response = 2; }`,
    { keepCase: true },
  )
  .root.lookupType("draft.BidirectionalStream");

describe("a draft-speaking owner (test double of a Meridian before issue 35)", () => {
  const owner = organisation("draft-owner");
  const me = organisation("draft-consumer");
  const server = new grpc.Server();
  let port = 0;

  beforeAll(async () => {
    const fs = new protobuf.Root();
    fs.resolvePath = (_o, t) => path.join(process.cwd(), "proto", "hamlet", t);
    fs.loadSync("federated_service.proto", { keepCase: true });
    const type = fs.lookupType("federation.types.v1alpha2.FederatedService");
    const value = type.encode(type.fromObject({ name: "x", fqdn: "x.example" })).finish();
    server.addService(
      {
        EstablishStream: {
          path: "/federation.resourcediscovery.v1alpha2.DiscoveryService/EstablishStream",
          requestStream: true,
          responseStream: true,
          requestSerialize: (b: Buffer) => b,
          requestDeserialize: (b: Buffer) => b,
          responseSerialize: (m: object) => Buffer.from(DRAFT.encode(DRAFT.fromObject(m)).finish()),
          responseDeserialize: (b: Buffer) => b,
        },
      },
      {
        EstablishStream: (call: grpc.ServerDuplexStream<Buffer, object>) => {
          call.once("data", () =>
            call.write({
              response: {
                nonce: "n1",
                resource_url: FEDERATED_SERVICE_URL,
                resource: { type_url: FEDERATED_SERVICE_URL, value },
                operation: 1, // the draft's CREATE
                context: "draft",
              },
            }),
          );
        },
      },
    );
    port = await new Promise<number>((resolve, reject) =>
      server.bindAsync(
        "127.0.0.1:0",
        grpc.ServerCredentials.createSsl(
          null,
          [{ cert_chain: Buffer.from(owner.certPem), private_key: Buffer.from(owner.keyPem) }],
          false,
        ),
        (err, p) => (err ? reject(err) : resolve(p)),
      ),
    );
  });

  afterAll(() => server.forceShutdown());

  it("is named as one, nothing is stored, and the reconnects slow down", async () => {
    const statuses: { connected: boolean; error: string }[] = [];
    const offers: unknown[] = [];
    const handle = connectToPeer(
      {
        peer: "old",
        address: `localhost:${port}`,
        caPem: owner.caPem,
        certPem: me.certPem,
        keyPem: me.keyPem,
      },
      {
        offer: async (_p, s) => void offers.push(s),
        withdraw: async () => undefined,
        status: async (_p, s) => void statuses.push(s),
      },
      { initialMs: 100, maxMs: 1600 },
    );
    try {
      for (let i = 0; i < 100 && handle.delays().length < 4; i++)
        await new Promise((r) => setTimeout(r, 100));
      const failure = statuses.find((s) => !s.connected && s.error);
      expect(failure?.error).toMatch(
        /^the peer at localhost:\d+ does not speak Hamlet v1alpha2 as published \(its messages do not decode; a draft-speaking peer, such as a Meridian before issue 35, is not supported\): /,
      );
      expect(offers).toEqual([]);
      // Jittered between half and all of 100, 200, 400, 800 ms: the fourth is over 200.
      expect(handle.delays()[3]!).toBeGreaterThan(200);
    } finally {
      handle.close();
    }
  });
});
