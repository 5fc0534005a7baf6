import { serviceScopeConfigSchema } from "../../agent-protocol/snapshot";
import type { ReportedTrust } from "../../agent-protocol/trust";
import {
  parseYamlMap,
  record,
  str,
  VERSION_LABEL,
  type MarkerLookup,
  type MeshDetails,
  type MeshRule,
  type TrimmedNamespace,
} from "../kit/mesh-detector";
import {
  caKindOf,
  detectedRoots,
  parseRoots,
  reportedRoots,
  rootObject,
  tokens,
} from "../kit/root-certificates";

/** How the agent recognises Istio and reads its trust. */
export const istioDetector: MeshRule = {
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

  trust: istioTrust,
};

/**
 * Istio: the root in istio-ca-root-cert, plus every `meshConfig.caCertificates[].pem` (extra
 * roots, optionally for some `trustDomains`) and `trustDomainAliases`.
 * https://istio.io/latest/docs/reference/config/istio.mesh.v1alpha1/#MeshConfig-CertificateData
 * An istiod that delegates signing (`defaultConfig.caAddress`, e.g. cert-manager's istio-csr)
 * has an external CA; istiod's own self-signed root has the subject O=<trust domain>.
 */
function istioTrust(find: MarkerLookup, trustDomain: string): ReportedTrust {
  const mesh = parseYamlMap(find("ConfigMap", "istio-system", "istio")?.data.mesh);
  const { marker, roots } = rootObject(find, istioDetector.trustRoot);
  const extra = (Array.isArray(mesh.caCertificates) ? mesh.caCertificates : []).flatMap((c, i) => {
    const entry = record(c);
    const domains = tokens(entry.trustDomains).slice(0, 32);
    return parseRoots(str(entry.pem), `ConfigMap istio-system/istio mesh caCertificates[${i}]`).map(
      (r) => (domains.length ? { ...r, trustDomains: domains } : r),
    );
  });
  const all = detectedRoots([...roots, ...extra]);
  const caAddress = str(record(mesh.defaultConfig).caAddress);
  const kind =
    caAddress && !/^istiod[.-]/.test(caAddress)
      ? {
          caKind: "external" as const,
          caEvidence: `proxies get certificates from ${caAddress.slice(0, 200)} (defaultConfig.caAddress)${/cert-manager|istio-csr/.test(caAddress) ? ": cert-manager istio-csr" : ""}`,
        }
      : caKindOf(all, marker, {
          subject: new RegExp(`^O=${escape(trustDomain)}$`),
          by: "istiod's self-signed CA",
        });
  return {
    aliases: tokens(mesh.trustDomainAliases).slice(0, 32),
    roots: reportedRoots(all),
    ...kind,
  };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

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
