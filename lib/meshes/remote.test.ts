import { describe, expect, it } from "vitest";

import { compileFleet } from "./index";
import { bookinfoFleet } from "./testing/bookinfo";
import { REMOTE_INTENT, REMOTE_REVIEWS } from "./testing/remote";

const spec = (r: { kind: string } | undefined) =>
  (r as unknown as { spec: Record<string, unknown> }).spec;

describe("remote imports (Hamlet peers' services)", () => {
  const istio = compileFleet(REMOTE_INTENT, bookinfoFleet("istio"));

  it("Istio: a MESH_INTERNAL ServiceEntry with the peer's gateways and a DestinationRule with its SNI and SANs", () => {
    const east2 = istio.clusters["east-2"]!.resources;
    expect(east2.map((r) => `${r.kind}/${r.metadata.namespace}/${r.metadata.name}`)).toEqual([
      expect.stringMatching(
        /^DestinationRule\/istio-system\/meridian-remote-org-a-reviews-bookinfo-[0-9a-f]{8}$/,
      ),
      expect.stringMatching(
        /^ServiceEntry\/istio-system\/meridian-remote-org-a-reviews-bookinfo-[0-9a-f]{8}$/,
      ),
    ]);
    const se = east2.find((r) => r.kind === "ServiceEntry");
    expect(se?.metadata.labels).toMatchObject({ "meridian.dev/peer": "org-a" });
    expect(se?.metadata.annotations).toMatchObject({
      "meridian.dev/global-service": "org-a:reviews.bookinfo",
    });
    expect(spec(se)).toEqual({
      hosts: ["reviews.bookinfo.svc.clusterset.local"],
      addresses: [expect.stringMatching(/^240\.241\.\d+\.\d+$/)],
      exportTo: ["*"],
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
    expect(spec(east2.find((r) => r.kind === "DestinationRule"))).toEqual({
      host: "reviews.bookinfo.svc.clusterset.local",
      exportTo: ["*"],
      trafficPolicy: {
        portLevelSettings: [
          {
            port: { number: 9080 },
            tls: {
              mode: "ISTIO_MUTUAL",
              sni: REMOTE_REVIEWS.instances[0]!.sni,
              subjectAltNames: REMOTE_REVIEWS.sans,
            },
          },
        ],
      },
    });
    expect(istio.clusters["east-2"]!.warnings).toEqual([]);
  });

  it("Istio: a gateway named by DNS resolves by DNS; an instance that selects no endpoint is associated to all (Hamlet spec); a missing SAN is warned about", () => {
    const east1 = istio.clusters["east-1"]!;
    const se = east1.resources.find(
      (r) => r.kind === "ServiceEntry" && r.metadata.name.includes("org-c"),
    );
    // spec/service-discovery.md, "Complex Type Instance": "If there are no matches, consumer
    // agent implementors must associate to the Instance all Endpoint."
    expect(spec(se)).toMatchObject({
      resolution: "DNS",
      ports: [
        { number: 9090, name: "grpc-9090", protocol: "GRPC" },
        { number: 7000, name: "tcp-7000", protocol: "TCP" },
      ],
      endpoints: [
        { address: "gateway.org-c.example", ports: { "grpc-9090": 443, "tcp-7000": 443 } },
      ],
    });
    expect(east1.warnings.map((w) => [w.globalService, w.message])).toEqual([
      [
        "org-c:ratings",
        "peer org-c sent no SPIFFE SAN for org-c:ratings: east-1 verifies only that the gateway's certificate chains to a trusted root, not which workload answers",
      ],
    ]);
  });

  it.each(["linkerd", "cilium", "consul", "none"] as const)(
    "%s: nothing written, and a warning says why",
    (mesh) => {
      const out = compileFleet(REMOTE_INTENT, bookinfoFleet(mesh));
      for (const c of Object.values(out.clusters)) expect(c.resources).toEqual([]);
      const west = out.clusters["west-1"]!.warnings;
      expect(west).toEqual([
        expect.objectContaining({
          code: "mesh-cannot-express",
          globalService: "org-a:reviews.bookinfo",
          message: expect.stringMatching(
            /^org-a:reviews\.bookinfo from peer org-a is not imported into west-1: /,
          ),
        }),
      ]);
    },
  );
});
