import path from "node:path";
import protobuf from "protobufjs";
import { describe, expect, it } from "vitest";
import { parseFederatedService, toRemoteImport } from "@/lib/model/federated-service";
import { FEDERATED_SERVICE_URL, hamlet } from "./proto";

// The vendored Hamlet protos load, and a FederatedService survives the Any it travels in.
const SERVICE = {
  name: "reviews.bookinfo",
  description: "",
  tags: [],
  labels: { team: "books" },
  fqdn: "reviews.bookinfo.svc.clusterset.local",
  endpoints: [{ address: "192.0.2.10", port: 15443, labels: ["edge"], description: "gateway" }],
  sans: ["spiffe://org-a.example/ns/bookinfo/sa/reviews"],
  instances: [
    {
      id: "grpc-9090",
      protocol: "GRPC",
      metadata: { sni: "s" },
      endpoint_selector: ["edge"],
      description: "the gRPC port",
    },
  ],
};

describe("Hamlet v1alpha2 protos", () => {
  it("define the DiscoveryService's bidirectional EstablishStream", () => {
    const m = hamlet().service["EstablishStream"]!;
    expect([m.path, m.requestStream, m.responseStream]).toEqual([
      "/federation.resourcediscovery.v1alpha2.DiscoveryService/EstablishStream",
      true,
      true,
    ]);
    expect(FEDERATED_SERVICE_URL).toBe(
      "type.googleapis.com/federation.types.v1alpha2.FederatedService",
    );
  });

  it("carry the published StreamResponse: resource_id = 3, resource = 4, operation = 5 (UPSERT = 1, DELETE = 2), context = 6", () => {
    const root = new protobuf.Root();
    root.resolvePath = (_origin, target) => path.join(process.cwd(), "proto", "hamlet", target);
    root.loadSync("resource_discovery.proto", { keepCase: true });
    const type = root.lookupType("federation.resourcediscovery.v1alpha2.StreamResponse");
    const op = root.lookupEnum("federation.resourcediscovery.v1alpha2.StreamResponse.Operation");
    expect(op.values).toEqual({ UNKNOWN: 0, UPSERT: 1, DELETE: 2 });
    expect(Object.fromEntries(type.fieldsArray.map((f) => [f.name, [f.id, f.type]]))).toEqual({
      nonce: [1, "string"],
      resource_url: [2, "string"],
      resource_id: [3, "string"],
      resource: [4, "google.protobuf.Any"],
      operation: [5, "Operation"],
      context: [6, "string"],
    });
  });

  it("round-trip a FederatedService through its bytes, which then validate", () => {
    const { encodeService, decodeService } = hamlet();
    const back = decodeService(encodeService(SERVICE));
    expect(back).toEqual(SERVICE);
    const parsed = parseFederatedService(back);
    expect(parsed.ok).toBe(true);
    // No metadata port: GRPC's well-known 443.
    if (parsed.ok)
      expect(toRemoteImport("org-a", parsed.service, ["east-1"]).instances[0]).toMatchObject({
        port: 443,
        sni: "s",
      });
  });

  it("name the fields of a malformed FederatedService, at most three", () => {
    const r = parseFederatedService({
      ...SERVICE,
      fqdn: "Not A Host",
      endpoints: [{ address: "10.0.0.0/8", port: 0, labels: [] }],
    });
    expect(r).toEqual({
      ok: false,
      message:
        "FederatedService reviews.bookinfo is malformed: fqdn: fqdn must be a lower-case DNS name; endpoints[0].address: address must be an IP address or a DNS name (Meridian cannot route to a CIDR); endpoints[0].port: port must be 1–65535",
    });
  });
});
