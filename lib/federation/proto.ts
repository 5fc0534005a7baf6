import "server-only";
import path from "node:path";
import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";
import protobuf from "protobufjs";

// Hamlet v1alpha2 as published (vmware/hamlet 62d61c0 / bde8cdf, proto/hamlet/README.md), loaded
// at run time from the vendored protos: nothing is generated. keepCase keeps the protos' field names (resource_url, endpoint_selector), so the
// messages read exactly as the spec writes them.

/** The type URL of a FederatedService in a StreamRequest/StreamResponse and in its Any. */
export const FEDERATED_SERVICE_URL =
  "type.googleapis.com/federation.types.v1alpha2.FederatedService";

const PROTO_DIR = path.join(process.cwd(), "proto", "hamlet");
const LOAD_OPTIONS: protoLoader.Options = {
  keepCase: true,
  longs: Number,
  enums: String,
  defaults: true,
  arrays: true,
  objects: true,
  includeDirs: [PROTO_DIR],
};

/** google.rpc.Status as it travels. gRPC's OK is 0; any other code is a NACK. */
export type RpcStatus = { code: number; message: string };

/** The published operations: UPSERT = 1 and DELETE = 2, both by `resource_id`. */
export type Operation = "UNKNOWN" | "UPSERT" | "DELETE";

/**
 * The largest message either side of a stream accepts (gRPC's receive limit). A bigger one fails
 * the stream with RESOURCE_EXHAUSTED; below it, lib/model/federated-service.ts limits a
 * FederatedService's own bytes with a NACK.
 */
export const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

export type StreamRequest = {
  resource_url: string;
  response_nonce: string;
  status: RpcStatus | null;
  context: string;
};

export type StreamResponse = {
  nonce: string;
  resource_url: string;
  /** The FederatedService's name: what an UPSERT replaces and a DELETE removes. */
  resource_id: string;
  resource: { type_url: string; value: Buffer } | null;
  operation: Operation;
  context: string;
};

/** What both directions of EstablishStream carry (the consumer sets `request`, the owner `response`). */
export type Envelope = { request?: StreamRequest | null; response?: StreamResponse | null };

type Loaded = {
  service: grpc.ServiceDefinition;
  Client: grpc.ServiceClientConstructor;
  /** A FederatedService (proto field names) to the bytes of an Any's value. */
  encodeService: (service: unknown) => Buffer;
  /** The bytes of an Any's value to a FederatedService object (defaults filled). */
  decodeService: (bytes: Uint8Array) => unknown;
};

let loaded: Loaded | undefined;

/** The DiscoveryService definition and the FederatedService codec, loaded once. */
export function hamlet(): Loaded {
  if (loaded) return loaded;
  const definition = protoLoader.loadSync(
    ["resource_discovery.proto", "federated_service.proto"],
    LOAD_OPTIONS,
  );
  const pkg = grpc.loadPackageDefinition(definition) as unknown as {
    federation: {
      resourcediscovery: { v1alpha2: { DiscoveryService: grpc.ServiceClientConstructor } };
    };
  };
  const Client = pkg.federation.resourcediscovery.v1alpha2.DiscoveryService;
  loaded = { service: Client.service, Client, ...serviceCodec() };
  return loaded;
}

// The resource travels as google.protobuf.Any: its value is a FederatedService's bytes, which
// the stream's codec leaves alone, so they are encoded and decoded here with protobufjs (the
// library @grpc/proto-loader is built on) from the same vendored file.
function serviceCodec() {
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) => path.join(PROTO_DIR, target);
  root.loadSync("federated_service.proto", { keepCase: true });
  const type = root.lookupType("federation.types.v1alpha2.FederatedService");
  const toObject = { longs: Number, enums: String, defaults: true, arrays: true, objects: true };
  return {
    encodeService: (service: unknown) =>
      Buffer.from(type.encode(type.fromObject(service as Record<string, unknown>)).finish()),
    decodeService: (bytes: Uint8Array) => type.toObject(type.decode(bytes), toObject),
  };
}
