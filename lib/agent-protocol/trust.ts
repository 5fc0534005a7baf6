import { z } from "zod";
import { reportedToken } from "./k8s-names";

// What a mesh's agent reports about its identity trust (issue 21): the trust domain's aliases,
// the root certificates the mesh trusts, and what kind of CA signs its workloads. Certificates
// only, never a private key: the agent reads only the certificate keys of the objects it
// watches (agent/src/discovery/trim.ts) and sends each certificate's DER, which is public.

/** SHA-256 fingerprint as upper-case hex pairs joined by colons (openssl's form). */
export const FINGERPRINT_PATTERN = /^[0-9A-F]{2}(:[0-9A-F]{2}){31}$/;

/** Roots one mesh may report (a rotation bundle holds two or three). */
export const MAX_ROOTS = 16;
/** A DER certificate of up to 12 KiB, base64 (16 KiB): far above a real root's ~1-2 KiB. */
const MAX_DER_BASE64 = 16_384;

/**
 * Kinds of CA: `plugged-in` (an operator's own root given to the mesh, e.g. Istio's cacerts),
 * `self-signed` (the mesh generated its root), `external` (another system signs: cert-manager,
 * SPIRE, Vault), `unknown` (no evidence either way).
 */
export const CA_KINDS = ["plugged-in", "self-signed", "external", "unknown"] as const;
export type CaKind = (typeof CA_KINDS)[number];

/** Printable ASCII with spaces (a certificate subject as the agent formats it). */
const printable = (what: string, max: number) =>
  z
    .string()
    .max(max, `${what} must be at most ${max} characters`)
    .regex(/^[\x20-\x7e]*$/, `${what} must be printable ASCII`);

const isoDate = z.string().datetime({ offset: true });

/** One root certificate the mesh trusts. */
export const reportedRootSchema = z
  .object({
    fingerprint: z.string().regex(FINGERPRINT_PATTERN, "fingerprint must be a SHA-256 fingerprint"),
    subject: printable("subject", 1024),
    notBefore: isoDate,
    notAfter: isoDate,
    /** The certificate, DER in base64 (a SPIFFE bundle's x5c); never a key. */
    der: z
      .string()
      .max(MAX_DER_BASE64)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, "der must be base64"),
    /** Where the agent read it, e.g. `ConfigMap istio-system/istio-ca-root-cert root-cert.pem`. */
    source: printable("source", 253),
    /** Istio `meshConfig.caCertificates[].trustDomains`: the domains this root is for. */
    trustDomains: z.array(reportedToken("trust domain", 253)).max(32).optional(),
  })
  .strict();
export type ReportedRoot = z.infer<typeof reportedRootSchema>;

/** A mesh's trust as the agent reports it (ReportedMesh `trust`, optional for old agents). */
export const reportedTrustSchema = z
  .object({
    /** Other trust domains this mesh accepts as its own (Istio `trustDomainAliases`). */
    aliases: z.array(reportedToken("trust domain alias", 253)).max(32).default([]),
    /** Every root the mesh trusts; the first is the one that signs its workloads today. */
    roots: z.array(reportedRootSchema).max(MAX_ROOTS).default([]),
    caKind: z.enum(CA_KINDS).default("unknown"),
    /** Why the agent chose `caKind`, in words (e.g. "istio-csr: caAddress points to cert-manager"). */
    caEvidence: printable("CA evidence", 512).default(""),
  })
  .strict();
export type ReportedTrust = z.infer<typeof reportedTrustSchema>;
