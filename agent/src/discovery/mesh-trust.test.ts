import { describe, expect, it } from "vitest";

import { reportedMeshSchema } from "../../../lib/agent-protocol/snapshot";
import { makeRoot } from "../../../tests/helpers/test-certs";
import {
  TEST_ROOT_A_PEM,
  TEST_ROOT_A_SHA256,
  TEST_ROOT_B_PEM,
  TEST_ROOT_B_SHA256,
} from "../../../tests/kube/fixtures/test-roots";
import { detectMeshes } from "./mesh-detect";
import { markerObjects } from "./marker-objects";
import { trimMarker } from "./trim";
import type { TrimmedMarker, TrimmedNamespace } from "../../../lib/meshes/kit/mesh-detector";

const ns = (...names: string[]) =>
  new Map<string, TrimmedNamespace>(names.map((name) => [name, { name, terminating: false }]));
const key = (m: TrimmedMarker) => `${m.kind}/${m.namespace}/${m.name}`;
const markers = (...list: TrimmedMarker[]) => new Map(list.map((m) => [key(m), m]));
const cm = (namespace: string, name: string, data: Record<string, string>): TrimmedMarker => ({
  kind: "ConfigMap",
  namespace,
  name,
  labels: {},
  data,
});
const istio = (mesh: string, rootPem: string) =>
  markers(
    cm("istio-system", "istio", { mesh }),
    cm("istio-system", "istio-ca-root-cert", { "root-cert.pem": rootPem }),
  );
const trustOf = (found: ReturnType<typeof detectMeshes>) => {
  expect(found).toHaveLength(1);
  // What the agent sends must pass the server's schema.
  return reportedMeshSchema.parse(found[0]).trust!;
};

describe("Istio trust", () => {
  it("reports the root with fingerprint, subject and validity, and a plugged-in CA", () => {
    const trust = trustOf(
      detectMeshes(ns("istio-system"), istio("trustDomain: example.org\n", TEST_ROOT_A_PEM)),
    );
    expect(trust.roots).toEqual([
      {
        fingerprint: TEST_ROOT_A_SHA256,
        subject: "O=meridian-test, CN=meridian-test-root-a",
        notBefore: "2026-12-02T16:40:02.000Z",
        notAfter: "2126-11-08T16:40:02.000Z",
        der: expect.stringMatching(/^MIIB/),
        source: "ConfigMap istio-system/istio-ca-root-cert root-cert.pem",
      },
    ]);
    expect(trust.caKind).toBe("plugged-in");
    expect(trust.aliases).toEqual([]);
  });

  it("reads trustDomainAliases and caCertificates (a second root, for some trust domains)", () => {
    const mesh = [
      "trustDomain: west.example",
      "trustDomainAliases: [old.example, east.example]",
      "caCertificates:",
      "- trustDomains: [east.example]",
      "  pem: |",
      ...TEST_ROOT_B_PEM.trim()
        .split("\n")
        .map((l) => `    ${l}`),
      "",
    ].join("\n");
    const trust = trustOf(detectMeshes(ns("istio-system"), istio(mesh, TEST_ROOT_A_PEM)));
    expect(trust.aliases).toEqual(["old.example", "east.example"]);
    expect(trust.roots.map((r) => [r.fingerprint, r.trustDomains ?? null])).toEqual([
      [TEST_ROOT_A_SHA256, null],
      [TEST_ROOT_B_SHA256, ["east.example"]],
    ]);
  });

  it("knows istiod's self-signed root, SPIRE's root, and istio-csr's caAddress", () => {
    const selfSigned = makeRoot("/O=cluster.local");
    expect(trustOf(detectMeshes(ns("istio-system"), istio("{}", selfSigned.certPem))).caKind).toBe(
      "self-signed",
    );
    const spire = makeRoot("/C=US/O=SPIFFE", 30, ["URI:spiffe://example.org"]);
    const spireTrust = trustOf(
      detectMeshes(ns("istio-system"), istio("trustDomain: example.org", spire.certPem)),
    );
    expect(spireTrust).toMatchObject({
      caKind: "external",
      caEvidence: expect.stringContaining("spiffe://example.org"),
    });
    const csr = "defaultConfig:\n  caAddress: cert-manager-istio-csr.cert-manager.svc:443\n";
    expect(trustOf(detectMeshes(ns("istio-system"), istio(csr, TEST_ROOT_A_PEM)))).toMatchObject({
      caKind: "external",
      caEvidence: expect.stringContaining("istio-csr"),
    });
  });
});

describe("Linkerd, Cilium and Consul trust", () => {
  it("reports both anchors of a Linkerd rotation bundle, and cert-manager's issuer as external", () => {
    const found = detectMeshes(
      ns("linkerd"),
      markers(
        cm("linkerd", "linkerd-config", {
          values: "identity:\n  issuer:\n    scheme: kubernetes.io/tls\n",
        }),
        cm("linkerd", "linkerd-identity-trust-roots", {
          "ca-bundle.crt": TEST_ROOT_B_PEM + TEST_ROOT_A_PEM,
        }),
      ),
    );
    const trust = trustOf(found);
    expect(trust.roots.map((r) => r.fingerprint)).toEqual([TEST_ROOT_B_SHA256, TEST_ROOT_A_SHA256]);
    expect(trust.caKind).toBe("external");
  });

  it("never sends a Secret's private key: cilium-ca's ca.key is dropped, a key beside the certificate too", () => {
    const ca = makeRoot("/CN=Cilium CA");
    const keyBody = ca.keyPem.split("\n")[1]!;
    const b64 = (s: string) => Buffer.from(s).toString("base64");
    const keys = markerObjects().find((m) => m.name === "cilium-ca")!.keys;
    // A hostile or careless Secret: the key in its own field, and again after the certificate.
    const secret = trimMarker(
      "Secret",
      {
        metadata: {
          namespace: "kube-system",
          name: "cilium-ca",
          annotations: { "cert-manager.io/issuer-name": "x", other: keyBody },
        },
        data: { "ca.crt": b64(ca.certPem + ca.keyPem), "ca.key": b64(ca.keyPem) },
      },
      keys,
    );
    const found = detectMeshes(
      ns("kube-system"),
      markers(
        cm("kube-system", "cilium-config", { "cluster-name": "w", "cluster-id": "1" }),
        secret,
      ),
    );
    const trust = trustOf(found);
    expect(trust.roots).toHaveLength(1);
    expect(trust).toMatchObject({
      caKind: "external",
      caEvidence: expect.stringContaining("cert-manager"),
    });
    const wire = JSON.stringify(found);
    expect(wire).not.toContain(keyBody);
    expect(wire).not.toContain("PRIVATE KEY");
    expect(wire).not.toContain(b64(ca.keyPem).slice(0, 40));
    // Without cert-manager, the chart's generated CA is self-signed.
    const plain = { ...secret, annotations: undefined };
    const again = detectMeshes(
      ns("kube-system"),
      markers(
        cm("kube-system", "cilium-config", { "cluster-name": "w", "cluster-id": "1" }),
        plain,
      ),
    );
    expect(trustOf(again).caKind).toBe("self-signed");
  });

  it("reports Consul's CA, and an unreadable root as unknown", () => {
    const consul = (pem: string) =>
      detectMeshes(
        ns("consul"),
        markers({
          kind: "Secret",
          namespace: "consul",
          name: "consul-ca-cert",
          labels: {},
          data: { "tls.crt": pem },
        }),
      );
    const generated = makeRoot("/O=HashiCorp Inc./CN=Consul Agent CA 12345");
    expect(trustOf(consul(generated.certPem)).caKind).toBe("self-signed");
    expect(trustOf(consul("garbage"))).toMatchObject({ roots: [], caKind: "unknown" });
  });
});
