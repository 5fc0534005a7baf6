// Each mesh's trust as the agent reports it: aliases, the roots it trusts and its kind of CA
// (lib/agent-protocol/trust.ts). Reads only the certificate keys mesh-rules.ts watches.
import type { ReportedTrust } from "../../../lib/agent-protocol/trust";
import { MAX_ROOTS } from "../../../lib/agent-protocol/trust";
import { MESH_RULES, parseYamlMap, type DetectedMeshType, type MarkerLookup } from "./mesh-rules";
import { caKindOf, parseRoots, reportedRoots, rootObject, type ParsedRoot } from "./trust-roots";

const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const str = (v: unknown): string => (typeof v === "string" ? v : "");
const TOKEN = /^[\x21-\x7e]{1,253}$/;
const tokens = (v: unknown): string[] =>
  (Array.isArray(v) ? v : []).filter((x): x is string => typeof x === "string" && TOKEN.test(x));

/** Roots without repeats (by fingerprint), first seen kept, at most MAX_ROOTS. */
function unique(roots: readonly ParsedRoot[]): ParsedRoot[] {
  const seen = new Set<string>();
  return roots
    .filter((r) => !seen.has(r.fingerprint) && seen.add(r.fingerprint))
    .slice(0, MAX_ROOTS);
}

/**
 * Istio: the root in istio-ca-root-cert, plus every `meshConfig.caCertificates[].pem` (extra
 * roots, optionally for some `trustDomains`) and `trustDomainAliases`.
 * https://istio.io/latest/docs/reference/config/istio.mesh.v1alpha1/#MeshConfig-CertificateData
 * An istiod that delegates signing (`defaultConfig.caAddress`, e.g. cert-manager's istio-csr)
 * has an external CA; istiod's own self-signed root has the subject O=<trust domain>.
 */
function istioTrust(find: MarkerLookup, trustDomain: string): ReportedTrust {
  const mesh = parseYamlMap(find("ConfigMap", "istio-system", "istio")?.data.mesh);
  const { marker, roots } = rootObject(find, MESH_RULES.istio.trustRoot);
  const extra = (Array.isArray(mesh.caCertificates) ? mesh.caCertificates : []).flatMap((c, i) => {
    const entry = record(c);
    const domains = tokens(entry.trustDomains).slice(0, 32);
    return parseRoots(str(entry.pem), `ConfigMap istio-system/istio mesh caCertificates[${i}]`).map(
      (r) => (domains.length ? { ...r, trustDomains: domains } : r),
    );
  });
  const all = unique([...roots, ...extra]);
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
 * Linkerd: the trust anchors in linkerd-identity-trust-roots (two during a rotation). An
 * identity issuer managed outside Linkerd (`identity.externalCA`, or the issuer scheme
 * kubernetes.io/tls that cert-manager writes) is an external CA.
 * https://linkerd.io/2/tasks/automatically-rotating-control-plane-tls-credentials/
 */
function linkerdTrust(find: MarkerLookup): ReportedTrust {
  const values = parseYamlMap(find("ConfigMap", "linkerd", "linkerd-config")?.data.values);
  const identity = record(values.identity);
  const scheme = str(record(identity.issuer).scheme);
  const { marker, roots } = rootObject(find, MESH_RULES.linkerd.trustRoot);
  const kind =
    identity.externalCA === true || scheme === "kubernetes.io/tls"
      ? {
          caKind: "external" as const,
          caEvidence:
            identity.externalCA === true
              ? "identity.externalCA is true: the trust anchors come from outside Linkerd"
              : "identity.issuer.scheme is kubernetes.io/tls: the issuer is written by cert-manager or another controller",
        }
      : caKindOf(roots, marker, {
          subject: /^CN=root\.linkerd\.cluster\.local$/,
          by: "linkerd install",
        });
  return { aliases: [], roots: reportedRoots(roots), ...kind };
}

/** Cilium's cilium-ca (ca.crt only; ca.key is never read) and Consul's consul-ca-cert. */
function singleRootTrust(
  mesh: "cilium" | "consul",
  find: MarkerLookup,
  generated: { subject: RegExp; by: string },
): ReportedTrust {
  const { marker, roots } = rootObject(find, MESH_RULES[mesh].trustRoot);
  return { aliases: [], roots: reportedRoots(roots), ...caKindOf(roots, marker, generated) };
}

/** The trust of a detected mesh. */
export function meshTrust(
  mesh: DetectedMeshType,
  find: MarkerLookup,
  trustDomain: string,
): ReportedTrust {
  switch (mesh) {
    case "istio":
      return istioTrust(find, trustDomain);
    case "linkerd":
      return linkerdTrust(find);
    case "cilium":
      // The Cilium chart's genCA names its CA "Cilium CA".
      return singleRootTrust("cilium", find, { subject: /^CN=Cilium CA$/, by: "the Cilium chart" });
    case "consul":
      // consul-k8s's tls-init runs `consul tls ca create`: CN "Consul Agent CA <serial>".
      return singleRootTrust("consul", find, {
        subject: /CN=Consul Agent CA \d+$/,
        by: "consul tls ca create",
      });
  }
}
