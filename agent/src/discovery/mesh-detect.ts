// Pure mesh detection from trimmed namespaces and marker objects.
import { X509Certificate } from "node:crypto";

import type { ReportedMesh } from "../../../lib/agent-protocol/snapshot";
import { MESH_RULES } from "../../../lib/meshes/detectors";
import type {
  MarkerLookup,
  MeshRule,
  TrimmedMarker,
  TrimmedNamespace,
} from "../../../lib/meshes/kit/mesh-detector";

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/;

/**
 * SHA-256 fingerprint of the first certificate in a PEM bundle, as uppercase hex pairs
 * joined by colons (what `openssl x509 -fingerprint -sha256` prints and ReportedMesh
 * requires), or "" when there is no parsable certificate. A bundle's first certificate is
 * the current root; during a rotation the bundle holds old and new.
 */
export function rootCaFingerprint(pem: string | undefined): string {
  const block = pem ? PEM_BLOCK.exec(pem)?.[0] : undefined;
  if (!block) return "";
  try {
    // node:crypto already formats fingerprint256 as "AB:CD:…" in upper case.
    return new X509Certificate(block).fingerprint256.toUpperCase();
  } catch {
    return "";
  }
}

/** Whether every namespace and marker object (with its required keys) of `rule` is present. */
export function ruleMatches(
  rule: MeshRule,
  namespaces: ReadonlyMap<string, TrimmedNamespace>,
  find: MarkerLookup,
): boolean {
  // A terminating namespace is a mesh being uninstalled (its objects may linger for a
  // while): do not report it.
  if (!rule.namespaces.every((n) => namespaces.has(n) && !namespaces.get(n)?.terminating))
    return false;
  return rule.objects.every((o) => {
    const found = find(o.kind, o.namespace, o.name);
    return found !== undefined && o.requiredKeys.every((k) => found.data[k] !== undefined);
  });
}

/** A lookup over markers keyed `${kind}/${namespace}/${name}`. */
export function markerLookup(markers: ReadonlyMap<string, TrimmedMarker>): MarkerLookup {
  return (kind, namespace, name) => markers.get(`${kind}/${namespace}/${name}`);
}

/**
 * The meshes whose rules match, in rule order, with version, trust domain and root-CA
 * fingerprint. An unreadable trust root leaves the fingerprint "" but still reports the
 * mesh: it is installed, only its root is unknown.
 */
export function detectMeshes(
  namespaces: ReadonlyMap<string, TrimmedNamespace>,
  markers: ReadonlyMap<string, TrimmedMarker>,
  rules: Readonly<Record<string, MeshRule>> = MESH_RULES,
): ReportedMesh[] {
  const find = markerLookup(markers);
  const out: ReportedMesh[] = [];
  for (const rule of Object.values(rules)) {
    if (!ruleMatches(rule, namespaces, find)) continue;
    const { version, trustDomain } = rule.identity(find);
    const root = find(rule.trustRoot.kind, rule.trustRoot.namespace, rule.trustRoot.name);
    out.push({
      type: rule.mesh,
      // The snapshot schema bounds these; a hostile ConfigMap must not break the report.
      version: version.slice(0, 64),
      trustDomain: trustDomain.slice(0, 253),
      rootCaFingerprint: rootCaFingerprint(root?.data[rule.trustRoot.key]),
      ...rule.details?.(find, namespaces),
      trust: rule.trust(find, trustDomain),
    });
  }
  return out;
}
