// A federation peer for the e2e suite: another platform's Hamlet DiscoveryService, as a test
// double (named so) speaking the real protocol with @grpc/grpc-js over mutual TLS. It publishes
// what the spec gives it to the Meridian under test and records each ACK or NACK by nonce.
import { randomUUID } from "node:crypto";
import path from "node:path";
import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";
import protobuf from "protobufjs";
import type { Organisation } from "../../tests/federation/certs";

const URL_ = "type.googleapis.com/federation.types.v1alpha2.FederatedService";
const PROTO_DIR = path.resolve("proto", "hamlet");

export type Answer = { operation: string; service: string; nack?: string };

/** Serve `services` on 127.0.0.1:`port` to clients whose certificates `clientCa` issued. */
export async function startTestDoublePeer(
  port: number,
  org: Organisation,
  clientCa: string,
  services: Record<string, unknown>[],
): Promise<{ answers: Answer[]; close: () => void }> {
  const definition = protoLoader.loadSync(["resource_discovery.proto"], {
    keepCase: true,
    enums: String,
    defaults: true,
    includeDirs: [PROTO_DIR],
  });
  const pkg = grpc.loadPackageDefinition(definition) as unknown as {
    federation: {
      resourcediscovery: { v1alpha2: { DiscoveryService: grpc.ServiceClientConstructor } };
    };
  };
  const root = new protobuf.Root();
  root.resolvePath = (_o, target) => path.join(PROTO_DIR, target);
  root.loadSync("federated_service.proto", { keepCase: true });
  const type = root.lookupType("federation.types.v1alpha2.FederatedService");
  const answers: Answer[] = [];
  const server = new grpc.Server();
  server.addService(pkg.federation.resourcediscovery.v1alpha2.DiscoveryService.service, {
    EstablishStream: (call: grpc.ServerDuplexStream<Record<string, never>, unknown>) => {
      const pending = new Map<string, string>();
      const queue: Record<string, unknown>[] = [];
      call.on(
        "data",
        (msg: {
          request?: { response_nonce: string; status?: { code: number; message: string } };
        }) => {
          const req = msg.request;
          if (!req) return;
          // One message in flight (the published spec): the next UPSERT leaves on an answer.
          const sendNext = () => {
            const s = queue.shift();
            if (!s) return;
            const nonce = randomUUID();
            pending.set(nonce, String(s.name));
            call.write({
              response: {
                nonce,
                resource_url: URL_,
                resource_id: String(s.name),
                operation: "UPSERT",
                resource: {
                  type_url: URL_,
                  value: Buffer.from(type.encode(type.fromObject(s)).finish()),
                },
              },
            });
          };
          if (!req.response_nonce) {
            queue.push(...services);
            sendNext();
            return;
          }
          const service = pending.get(req.response_nonce);
          if (!service) return;
          pending.delete(req.response_nonce);
          const nack = req.status && req.status.code !== 0 ? req.status.message : undefined;
          answers.push({ operation: "UPSERT", service, ...(nack ? { nack } : {}) });
          sendNext();
        },
      );
      call.on("end", () => call.end());
    },
  });
  await new Promise<void>((resolve, reject) =>
    server.bindAsync(
      `127.0.0.1:${port}`,
      grpc.ServerCredentials.createSsl(
        Buffer.from(clientCa),
        [{ cert_chain: Buffer.from(org.certPem), private_key: Buffer.from(org.keyPem) }],
        true,
      ),
      (err) => (err ? reject(err) : resolve()),
    ),
  );
  return { answers, close: () => server.forceShutdown() };
}
