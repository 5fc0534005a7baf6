// How the agent recognises each mesh: the namespaces and marker objects that must exist,
// where the trust root lives and how identity (version, trust domain) is read. This is
// the agent's own copy of the contract in tests/kube/fixtures/meshes.ts (MESH_MARKERS);
// tests/kube/agent-mesh-rules.test.ts asserts that the two agree.
import { loadYaml } from "@kubernetes/client-node";

import { serviceScopeConfigSchema, type ReportedMesh } from "../../../lib/agent-protocol/snapshot";
import type { TrimmedMarker, TrimmedNamespace } from "./types";

/** Meshes the agent detects. */
export type DetectedMeshType = "istio" | "linkerd" | "cilium" | "consul";

/** A ConfigMap or Secret whose presence, with these keys, marks a mesh. */
export interface MarkerRef {
  kind: "ConfigMap" | "Secret";
  namespace: string;
  name: string;
  requiredKeys: readonly string[];
}

/** Where a mesh keeps its root CA (a PEM bundle). */
export interface TrustRootRef {
  kind: "ConfigMap" | "Secret";
  namespace: string;
  name: string;
  key: string;
}

/** Looks up a marker object the informers hold. */
export type MarkerLookup = (
  kind: MarkerRef["kind"],
  namespace: string,
  name: string,
) => TrimmedMarker | undefined;

/** One mesh's detection rule. */
export interface MeshRule {
  mesh: DetectedMeshType;
  /** All must exist (and not be terminating). */
  namespaces: readonly string[];
  /** All must exist with their required keys. */
  objects: readonly MarkerRef[];
  /**
   * CRDs Meridian's resources for this mesh need. Informational: the harness (and many
   * real clusters) have CRDs without the mesh, so they never prove it; the writer reports
   * "crd-missing" per resource instead.
   */
  crds: readonly string[];
  trustRoot: TrustRootRef;
  /** Reads version and trust domain from the (present) marker objects. */
  identity(find: MarkerLookup): { version: string; trustDomain: string };
  /** Objects read when present, never required (watched like the markers). */
  optional?: readonly MarkerRef[];
  /** Optional details (ReportedMesh's newer fields) from the markers, optional objects and namespaces. */
  details?(find: MarkerLookup, namespaces: ReadonlyMap<string, TrimmedNamespace>): MeshDetails;
}

/** What a rule may add to a reported mesh besides version and trust domain. */
export type MeshDetails = Pick<
  ReportedMesh,
  "clusterId" | "network" | "dnsProxy" | "dataplaneMode" | "serviceScopeConfigs"
>;

const VERSION_LABEL = "app.kubernetes.io/version";

/** Parses a YAML document to a plain object, or {} when it is malformed or not a map. */
export function parseYamlMap(text: string | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const doc: unknown = loadYaml(text);
    return doc && typeof doc === "object" && !Array.isArray(doc)
      ? (doc as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** The rules, one per mesh. */
export const MESH_RULES: Readonly<Record<DetectedMeshType, MeshRule>> = {
  istio: {
    mesh: "istio",
    namespaces: ["istio-system"],
    objects: [
      { kind: "ConfigMap", namespace: "istio-system", name: "istio", requiredKeys: ["mesh"] },
      {
        kind: "ConfigMap",
        namespace: "istio-system",
        name: "istio-ca-root-cert",
        requiredKeys: ["root-cert.pem"],
      },
    ],
    crds: [
      "destinationrules.networking.istio.io",
      "serviceentries.networking.istio.io",
      "virtualservices.networking.istio.io",
      "workloadentries.networking.istio.io",
      "authorizationpolicies.security.istio.io",
      "peerauthentications.security.istio.io",
    ],
    trustRoot: {
      kind: "ConfigMap",
      namespace: "istio-system",
      name: "istio-ca-root-cert",
      key: "root-cert.pem",
    },
    optional: [
      // The sidecar injector's Helm values: global.multiCluster.clusterName and global.network.
      {
        kind: "ConfigMap",
        namespace: "istio-system",
        name: "istio-sidecar-injector",
        requiredKeys: ["values"],
      },
      // istio-cni's settings: AMBIENT_ENABLED is "true" in an ambient (ztunnel) install.
      {
        kind: "ConfigMap",
        namespace: "istio-system",
        name: "istio-cni-config",
        requiredKeys: ["AMBIENT_ENABLED"],
      },
    ],
    details: istioDetails,
    identity(find) {
      const cm = find("ConfigMap", "istio-system", "istio");
      // MeshConfig.trustDomain defaults to cluster.local when unset.
      // https://istio.io/latest/docs/reference/config/istio.mesh.v1alpha1/#MeshConfig
      const mesh = parseYamlMap(cm?.data.mesh);
      return {
        version: cm?.labels[VERSION_LABEL] ?? "",
        trustDomain: str(mesh.trustDomain) || "cluster.local",
      };
    },
  },
  linkerd: {
    mesh: "linkerd",
    namespaces: ["linkerd"],
    objects: [
      { kind: "ConfigMap", namespace: "linkerd", name: "linkerd-config", requiredKeys: ["values"] },
      {
        kind: "ConfigMap",
        namespace: "linkerd",
        name: "linkerd-identity-trust-roots",
        requiredKeys: ["ca-bundle.crt"],
      },
    ],
    crds: ["links.multicluster.linkerd.io"],
    trustRoot: {
      kind: "ConfigMap",
      namespace: "linkerd",
      name: "linkerd-identity-trust-roots",
      key: "ca-bundle.crt",
    },
    identity(find) {
      // linkerd-config's `values` holds the control plane's Helm values; the chart
      // defaults identityTrustDomain to the cluster domain (cluster.local).
      const values = parseYamlMap(find("ConfigMap", "linkerd", "linkerd-config")?.data.values);
      return {
        version: str(values.linkerdVersion),
        trustDomain:
          str(values.identityTrustDomain) || str(values.clusterDomain) || "cluster.local",
      };
    },
  },
  cilium: {
    mesh: "cilium",
    namespaces: ["kube-system"],
    objects: [
      {
        kind: "ConfigMap",
        namespace: "kube-system",
        name: "cilium-config",
        requiredKeys: ["cluster-name", "cluster-id"],
      },
      { kind: "Secret", namespace: "kube-system", name: "cilium-ca", requiredKeys: ["ca.crt"] },
    ],
    crds: [],
    trustRoot: { kind: "Secret", namespace: "kube-system", name: "cilium-ca", key: "ca.crt" },
    identity(find) {
      // Cilium has no mesh-wide trust domain; its ClusterMesh identity is the pair
      // cluster-name/cluster-id, which must be unique across connected clusters.
      // https://docs.cilium.io/en/stable/network/clustermesh/clustermesh/
      const cm = find("ConfigMap", "kube-system", "cilium-config");
      return {
        version: cm?.labels[VERSION_LABEL] ?? "",
        trustDomain: `${cm?.data["cluster-name"] ?? ""}/${cm?.data["cluster-id"] ?? ""}`,
      };
    },
  },
  consul: {
    mesh: "consul",
    namespaces: ["consul"],
    objects: [
      { kind: "Secret", namespace: "consul", name: "consul-ca-cert", requiredKeys: ["tls.crt"] },
    ],
    crds: [
      "exportedservices.consul.hashicorp.com",
      "serviceresolvers.consul.hashicorp.com",
      "samenessgroups.consul.hashicorp.com",
      "serviceintentions.consul.hashicorp.com",
    ],
    trustRoot: { kind: "Secret", namespace: "consul", name: "consul-ca-cert", key: "tls.crt" },
    // Consul's trust domain (<cluster-id>.consul) and version live in its HTTP API, not in
    // Kubernetes objects; report them empty rather than guess.
    identity: () => ({ version: "", trustDomain: "" }),
  },
};

/**
 * Every marker object the rules read, once, with the data keys to keep (required keys
 * plus the trust-root key). The inventory watches exactly these objects.
 */
export function markerObjects(
  rules: Readonly<Record<string, MeshRule>> = MESH_RULES,
): Array<Omit<MarkerRef, "requiredKeys"> & { keys: string[] }> {
  const byKey = new Map<string, Omit<MarkerRef, "requiredKeys"> & { keys: string[] }>();
  const add = (ref: Omit<MarkerRef, "requiredKeys">, keys: readonly string[]) => {
    const k = `${ref.kind}/${ref.namespace}/${ref.name}`;
    const entry = byKey.get(k) ?? {
      kind: ref.kind,
      namespace: ref.namespace,
      name: ref.name,
      keys: [],
    };
    for (const key of keys) if (!entry.keys.includes(key)) entry.keys.push(key);
    byKey.set(k, entry);
  };
  for (const rule of Object.values(rules)) {
    for (const o of [...rule.objects, ...(rule.optional ?? [])]) add(o, o.requiredKeys);
    add(rule.trustRoot, [rule.trustRoot.key]);
  }
  return [...byKey.values()];
}

const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/**
 * Istio's cluster id and network (the injector's values: `global.multiCluster.clusterName`,
 * `global.network`), its DNS proxy (MeshConfig `defaultConfig.proxyMetadata`
 * ISTIO_META_DNS_CAPTURE / ISTIO_META_DNS_AUTO_ALLOCATE,
 * https://istio.io/latest/docs/ops/configuration/traffic-management/dns-proxy/), its
 * `serviceScopeConfigs` (ambient multicluster; entries that do not parse are dropped) and whether
 * it runs ambient: istio-cni's AMBIENT_ENABLED, or a namespace labelled
 * `istio.io/dataplane-mode: ambient` (https://istio.io/latest/docs/ambient/usage/add-workloads/).
 * Each is left out when its source is absent.
 */
function istioDetails(
  find: MarkerLookup,
  namespaces: ReadonlyMap<string, TrimmedNamespace>,
): MeshDetails {
  const mesh = parseYamlMap(find("ConfigMap", "istio-system", "istio")?.data.mesh);
  const metadata = record(record(mesh.defaultConfig).proxyMetadata);
  const injector = find("ConfigMap", "istio-system", "istio-sidecar-injector")?.data.values;
  const global = record(parseYamlMap(injector).global);
  const clusterId = str(record(global.multiCluster).clusterName);
  const network = str(global.network);
  const cni = find("ConfigMap", "istio-system", "istio-cni-config")?.data.AMBIENT_ENABLED;
  const enrolled = [...namespaces.values()].some((n) => n.ambient && !n.terminating);
  const ambient = cni === "true" || enrolled ? true : cni !== undefined ? false : undefined;
  const scopes = Array.isArray(mesh.serviceScopeConfigs)
    ? mesh.serviceScopeConfigs.flatMap((c) => {
        const parsed = serviceScopeConfigSchema.safeParse(c);
        return parsed.success ? [parsed.data] : [];
      })
    : undefined;
  return {
    ...(clusterId ? { clusterId: clusterId.slice(0, 253) } : {}),
    ...(network ? { network: network.slice(0, 63) } : {}),
    dnsProxy: {
      capture: str(metadata.ISTIO_META_DNS_CAPTURE) === "true",
      autoAllocate: str(metadata.ISTIO_META_DNS_AUTO_ALLOCATE) === "true",
    },
    ...(ambient !== undefined ? { dataplaneMode: ambient ? "ambient" : "sidecar" } : {}),
    ...(scopes ? { serviceScopeConfigs: scopes.slice(0, 100) } : {}),
  };
}
