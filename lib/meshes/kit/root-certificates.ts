// Reads root certificates from PEM bundles the mesh publishes, and decides what kind of CA
// signs each mesh's workloads from evidence the agent can see without a private key.
//
// Only CERTIFICATE blocks are parsed and only each certificate's DER is kept: a PEM value that
// also carries a key (a tls.crt someone concatenated with its key) never leaves the agent.
import { X509Certificate } from "node:crypto";

import type { ReportedRoot, ReportedTrust } from "../../agent-protocol/trust";
import { MAX_ROOTS } from "../../agent-protocol/trust";
import type { MarkerLookup, TrimmedMarker, TrustRootRef } from "./mesh-detector";

const PEM_BLOCKS = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** A subject as one line ("O=example, CN=root"), printable ASCII only (others become "?"). */
function oneLine(subject: string): string {
  return subject
    .split("\n")
    .filter(Boolean)
    .join(", ")
    .replace(/[^\x20-\x7e]/g, "?")
    .slice(0, 1024);
}

/** A parsed certificate plus the fields the CA-kind rules read. */
export interface ParsedRoot extends ReportedRoot {
  /** The certificate's URI SANs (a SPIRE root carries spiffe://<trust domain>). */
  uris: string[];
}

/**
 * Every parsable certificate of a PEM bundle, in order, at most {@link MAX_ROOTS}; a block that
 * does not parse is skipped (the rest of the bundle still counts).
 */
export function parseRoots(pem: string | undefined, source: string): ParsedRoot[] {
  const out: ParsedRoot[] = [];
  for (const block of pem?.match(PEM_BLOCKS) ?? []) {
    if (out.length >= MAX_ROOTS) break;
    try {
      const cert = new X509Certificate(block);
      out.push({
        fingerprint: cert.fingerprint256.toUpperCase(),
        subject: oneLine(cert.subject),
        notBefore: new Date(cert.validFrom).toISOString(),
        notAfter: new Date(cert.validTo).toISOString(),
        der: cert.raw.toString("base64"),
        source: source.slice(0, 253),
        uris: (cert.subjectAltName ?? "")
          .split(", ")
          .filter((s) => s.startsWith("URI:"))
          .map((s) => s.slice(4)),
      });
    } catch {
      // Not a certificate Node can read: skip it, keep the others.
    }
  }
  return out;
}

/** The report's form of parsed roots (the URI SANs stay in the agent). */
export function reportedRoots(roots: readonly ParsedRoot[]): ReportedRoot[] {
  return roots.map(({ uris: _uris, ...root }) => root);
}

/** cert-manager writes these annotations on every Secret it manages. */
const CERT_MANAGER_ANNOTATION = "cert-manager.io/";

/** Evidence that cert-manager manages `marker`, or undefined. */
export function certManagerEvidence(marker: TrimmedMarker | undefined): string | undefined {
  const key = Object.keys(marker?.annotations ?? {}).find((k) =>
    k.startsWith(CERT_MANAGER_ANNOTATION),
  );
  return key && marker
    ? `cert-manager manages ${marker.kind} ${marker.namespace}/${marker.name} (${key})`
    : undefined;
}

/** Evidence that SPIRE issued the root: SPIRE's CA puts a spiffe:// URI SAN in it. */
export function spireEvidence(root: ParsedRoot | undefined): string | undefined {
  const uri = root?.uris.find((u) => u.startsWith("spiffe://"));
  return uri ? `external: the root carries the SPIFFE ID ${uri} (a SPIRE server's CA)` : undefined;
}

type Kind = Pick<ReportedTrust, "caKind" | "caEvidence">;

/**
 * The CA kind of a mesh whose own installer names its generated root `generatedSubject`:
 * external when cert-manager manages the root's object or SPIRE issued the root, self-signed
 * when the root has the generated subject, plugged-in otherwise.
 */
export function caKindOf(
  roots: readonly ParsedRoot[],
  rootObject: TrimmedMarker | undefined,
  generated: { subject: RegExp; by: string },
): Kind {
  const first = roots[0];
  if (!first) return { caKind: "unknown", caEvidence: "no readable root certificate" };
  const certManager = certManagerEvidence(rootObject);
  if (certManager) return { caKind: "external", caEvidence: certManager };
  const spire = spireEvidence(first);
  if (spire) return { caKind: "external", caEvidence: spire };
  if (generated.subject.test(first.subject))
    return {
      caKind: "self-signed",
      caEvidence: `root subject "${first.subject}" is the one ${generated.by} generates`,
    };
  return {
    caKind: "plugged-in",
    caEvidence: `root subject "${first.subject}" is not ${generated.by}'s generated one: an operator-supplied root`,
  };
}

/** Reads the trust-root object of a rule, for rules that keep it in one key. */
export function rootObject(
  find: MarkerLookup,
  ref: { kind: "ConfigMap" | "Secret"; namespace: string; name: string; key: string },
): { marker: TrimmedMarker | undefined; roots: ParsedRoot[] } {
  const marker = find(ref.kind, ref.namespace, ref.name);
  return {
    marker,
    roots: parseRoots(marker?.data[ref.key], `${ref.kind} ${ref.namespace}/${ref.name} ${ref.key}`),
  };
}

const TOKEN = /^[\x21-\x7e]{1,253}$/;

/** The printable tokens of a YAML list (trust domains, aliases); anything else is dropped. */
export const tokens = (v: unknown): string[] =>
  (Array.isArray(v) ? v : []).filter((x): x is string => typeof x === "string" && TOKEN.test(x));

/** Roots without repeats (by fingerprint), first seen kept, at most MAX_ROOTS. */
export function detectedRoots(roots: readonly ParsedRoot[]): ParsedRoot[] {
  const seen = new Set<string>();
  return roots
    .filter((r) => !seen.has(r.fingerprint) && seen.add(r.fingerprint))
    .slice(0, MAX_ROOTS);
}

/** The trust of a mesh with one root object and no aliases (Cilium's cilium-ca, Consul's consul-ca-cert). */
export function singleRootTrust(
  root: TrustRootRef,
  find: MarkerLookup,
  generated: { subject: RegExp; by: string },
): ReportedTrust {
  const { marker, roots } = rootObject(find, root);
  return { aliases: [], roots: reportedRoots(roots), ...caKindOf(roots, marker, generated) };
}
