import { describe, expect, it } from "vitest";

import { reportedMeshSchema } from "../../../lib/agent-protocol/snapshot";
import {
  TEST_ROOT_A_PEM,
  TEST_ROOT_A_SHA256,
  TEST_ROOT_B_PEM,
  TEST_ROOT_B_SHA256,
} from "../../../tests/kube/fixtures/test-roots";
import { detectMeshes, rootCaFingerprint } from "./mesh-detect";
import {
  parseYamlMap,
  type TrimmedMarker,
  type TrimmedNamespace,
} from "../../../lib/meshes/kit/mesh-detector";
import { markerObjects } from "./marker-objects";

const nsMap = (...names: string[]) =>
  new Map<string, TrimmedNamespace>(names.map((name) => [name, { name, terminating: false }]));

const marker = (
  kind: TrimmedMarker["kind"],
  namespace: string,
  name: string,
  data: Record<string, string>,
  labels: Record<string, string> = {},
): [string, TrimmedMarker] => [
  `${kind}/${namespace}/${name}`,
  { kind, namespace, name, data, labels },
];

describe("root CA fingerprint", () => {
  it("is the SHA-256 of the first certificate, uppercase hex with colons", () => {
    expect(rootCaFingerprint(TEST_ROOT_A_PEM)).toBe(TEST_ROOT_A_SHA256);
    expect(rootCaFingerprint(TEST_ROOT_B_PEM + TEST_ROOT_A_PEM)).toBe(TEST_ROOT_B_SHA256);
    expect(reportedMeshSchema.shape.rootCaFingerprint.parse(TEST_ROOT_A_SHA256)).toBeTruthy();
  });

  it("is empty for no or a broken certificate", () => {
    expect(rootCaFingerprint(undefined)).toBe("");
    expect(rootCaFingerprint("not a pem")).toBe("");
    expect(
      rootCaFingerprint("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n"),
    ).toBe("");
  });
});

describe("detectMeshes", () => {
  const istio = [
    marker(
      "ConfigMap",
      "istio-system",
      "istio",
      { mesh: "trustDomain: example.org\nrootNamespace: istio-system\n" },
      { "app.kubernetes.io/version": "1.27.1" },
    ),
    marker("ConfigMap", "istio-system", "istio-ca-root-cert", { "root-cert.pem": TEST_ROOT_A_PEM }),
  ];

  it("detects Istio with version, trust domain and fingerprint", () => {
    expect(detectMeshes(nsMap("istio-system"), new Map(istio))).toEqual([
      {
        type: "istio",
        version: "1.27.1",
        trustDomain: "example.org",
        rootCaFingerprint: TEST_ROOT_A_SHA256,
        // Istio's default: no DNS proxying.
        dnsProxy: { capture: false, autoAllocate: false },
        trust: expect.objectContaining({
          roots: [expect.objectContaining({ fingerprint: TEST_ROOT_A_SHA256 })],
        }),
      },
    ]);
  });

  it("reads Istio's cluster id, network, DNS proxy and ambient mode where they are set (issue 20)", () => {
    const markers = new Map(istio);
    markers.set(
      ...marker("ConfigMap", "istio-system", "istio", {
        mesh: 'defaultConfig:\n  proxyMetadata:\n    ISTIO_META_DNS_CAPTURE: "true"\n    ISTIO_META_DNS_AUTO_ALLOCATE: "true"\n',
      }),
    );
    markers.set(
      ...marker("ConfigMap", "istio-system", "istio-sidecar-injector", {
        values: JSON.stringify({
          global: { multiCluster: { clusterName: "cl-east" }, network: "net-east" },
        }),
      }),
    );
    markers.set(
      ...marker("ConfigMap", "istio-system", "istio-cni-config", { AMBIENT_ENABLED: "true" }),
    );
    const [mesh] = detectMeshes(nsMap("istio-system"), markers);
    expect(mesh).toMatchObject({
      clusterId: "cl-east",
      network: "net-east",
      dnsProxy: { capture: true, autoAllocate: true },
      dataplaneMode: "ambient",
    });
    expect(reportedMeshSchema.parse(mesh)).toEqual(mesh);
  });

  it("reports ambient for a namespace labelled istio.io/dataplane-mode=ambient, and the mesh's serviceScopeConfigs (issue 20)", () => {
    const markers = new Map(istio);
    markers.set(
      ...marker("ConfigMap", "istio-system", "istio", {
        mesh: [
          "serviceScopeConfigs:",
          "  - servicesSelector:",
          "      matchExpressions:",
          "        - key: istio.io/global",
          "          operator: Exists",
          "    scope: GLOBAL",
          "  - scope: SOMETIMES", // not a scope Istio knows: dropped, not reported
          "",
        ].join("\n"),
      }),
    );
    const namespaces = nsMap("istio-system", "shop");
    namespaces.set("shop", { name: "shop", terminating: false, ambient: true });
    const [mesh] = detectMeshes(namespaces, markers);
    expect(mesh).toMatchObject({
      dataplaneMode: "ambient",
      serviceScopeConfigs: [
        {
          servicesSelector: { matchExpressions: [{ key: "istio.io/global", operator: "Exists" }] },
          scope: "GLOBAL",
        },
      ],
    });
    expect(reportedMeshSchema.parse(mesh)).toEqual(mesh);
    // Without the label (and no istio-cni setting), the data plane is not reported.
    expect(detectMeshes(nsMap("istio-system", "shop"), markers)[0]?.dataplaneMode).toBeUndefined();
  });

  it("defaults Istio's trust domain to cluster.local when the mesh config has none", () => {
    const markers = new Map(istio);
    markers.set(...marker("ConfigMap", "istio-system", "istio", { mesh: "defaultConfig: {}\n" }));
    expect(detectMeshes(nsMap("istio-system"), markers)[0]).toMatchObject({
      trustDomain: "cluster.local",
      version: "",
    });
  });

  it("needs the namespace (not terminating) and every object with its keys", () => {
    expect(detectMeshes(nsMap(), new Map(istio))).toEqual([]);
    expect(
      detectMeshes(
        new Map([["istio-system", { name: "istio-system", terminating: true }]]),
        new Map(istio),
      ),
    ).toEqual([]);
    expect(detectMeshes(nsMap("istio-system"), new Map(istio.slice(0, 1)))).toEqual([]);
    const noKey = new Map(istio);
    noKey.set(...marker("ConfigMap", "istio-system", "istio", {}));
    expect(detectMeshes(nsMap("istio-system"), noKey)).toEqual([]);
  });

  it("reads Linkerd from linkerd-config values, Cilium's ClusterMesh identity, and Consul's root", () => {
    const markers = new Map([
      marker("ConfigMap", "linkerd", "linkerd-config", {
        values: "identityTrustDomain: td.example\nlinkerdVersion: edge-25.4.4\n",
      }),
      marker("ConfigMap", "linkerd", "linkerd-identity-trust-roots", {
        "ca-bundle.crt": TEST_ROOT_A_PEM,
      }),
      marker(
        "ConfigMap",
        "kube-system",
        "cilium-config",
        { "cluster-name": "west-1", "cluster-id": "3" },
        { "app.kubernetes.io/version": "1.18.0" },
      ),
      marker("Secret", "kube-system", "cilium-ca", { "ca.crt": TEST_ROOT_A_PEM }),
      marker("Secret", "consul", "consul-ca-cert", { "tls.crt": TEST_ROOT_B_PEM }),
    ]);
    const found = detectMeshes(nsMap("linkerd", "kube-system", "consul"), markers);
    expect(found).toEqual([
      {
        type: "linkerd",
        version: "edge-25.4.4",
        trustDomain: "td.example",
        rootCaFingerprint: TEST_ROOT_A_SHA256,
        trust: expect.objectContaining({ caKind: "plugged-in" }),
      },
      {
        type: "cilium",
        version: "1.18.0",
        trustDomain: "west-1/3",
        rootCaFingerprint: TEST_ROOT_A_SHA256,
        trust: expect.objectContaining({ caKind: "plugged-in" }),
      },
      {
        type: "consul",
        version: "",
        trustDomain: "",
        rootCaFingerprint: TEST_ROOT_B_SHA256,
        trust: expect.objectContaining({ caKind: "plugged-in" }),
      },
    ]);
    for (const m of found) expect(reportedMeshSchema.parse(m)).toEqual(m);
  });

  it("tolerates malformed YAML", () => {
    expect(parseYamlMap("a: [unclosed")).toEqual({});
    expect(parseYamlMap("- a list")).toEqual({});
  });

  it("lists each marker object once with the keys to keep", () => {
    const objs = markerObjects();
    expect(objs).toContainEqual({
      kind: "ConfigMap",
      namespace: "istio-system",
      name: "istio-ca-root-cert",
      keys: ["root-cert.pem"],
    });
    expect(new Set(objs.map((o) => `${o.kind}/${o.namespace}/${o.name}`)).size).toBe(objs.length);
    // Istio's injector values and istio-cni settings are read when present (optional).
    expect(objs).toHaveLength(9);
  });
});
