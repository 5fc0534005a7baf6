import { z } from "zod";
import { CA_KINDS } from "@/lib/agent-protocol/trust";
import { MESH_TYPES } from "@/lib/agent-protocol/snapshot";

// The trust federation view (GET /api/v1/trust): who can mTLS with whom, derived by
// lib/domain/trust.ts from what each cluster's agent reports.

const isoDate = z.string().datetime({ offset: true });

/** How close a root is to its notAfter: fine, within 30 days, within 7 days, or past it. */
export const EXPIRY_STATES = ["ok", "expiring", "critical", "expired"] as const;
export type ExpiryState = (typeof EXPIRY_STATES)[number];

export const trustRootSchema = z.object({
  fingerprint: z.string(),
  subject: z.string(),
  notBefore: isoDate,
  notAfter: isoDate,
  /** Whole days until notAfter (negative once expired). */
  daysLeft: z.number().int(),
  expiry: z.enum(EXPIRY_STATES),
  /** Istio caCertificates' trustDomains, when the root is only for some. */
  trustDomains: z.array(z.string()).optional(),
});
export type TrustRoot = z.infer<typeof trustRootSchema>;

export const trustClusterSchema = z.object({
  cluster: z.string(),
  mesh: z.enum(MESH_TYPES),
  trustDomain: z.string(),
  aliases: z.array(z.string()),
  /** The root that signs the cluster's workloads ("" = not reported). */
  signingRoot: z.string(),
  /** Every root the cluster trusts; two or more is a rotation window. */
  roots: z.array(trustRootSchema),
  rotation: z.boolean(),
  caKind: z.enum(CA_KINDS),
  caEvidence: z.string(),
  /** The group (index into `groups`) the cluster belongs to; null when its root is unknown. */
  group: z.number().int().nullable(),
});
export type TrustCluster = z.infer<typeof trustClusterSchema>;

export const trustGroupSchema = z.object({
  /** Clusters that verify each other's workloads (mutual trust, directly or through others). */
  clusters: z.array(z.string()),
  /** Roots the group's clusters sign with or trust. */
  roots: z.array(z.string()),
  trustDomains: z.array(z.string()),
});
export type TrustGroup = z.infer<typeof trustGroupSchema>;

/** How the verifier's trust domain relates to the signer's. */
export const DOMAIN_RELATIONS = ["same", "alias", "foreign"] as const;

export const trustEdgeSchema = z.object({
  /** `from` verifies workloads of `to` ("A trusts B"). */
  from: z.string(),
  to: z.string(),
  /** The root of `to` that `from` trusts. */
  root: z.string(),
  /** `from` trusts several roots at once: the edge holds through a rotation window. */
  viaRotation: z.boolean(),
  domain: z.enum(DOMAIN_RELATIONS),
});
export type TrustEdge = z.infer<typeof trustEdgeSchema>;

export const VERIFY_STATES = ["verified", "mismatch", "unknown"] as const;

export const trustServiceCheckSchema = z.object({
  globalService: z.string(),
  importer: z.string(),
  exporter: z.string(),
  state: z.enum(VERIFY_STATES),
  importerRoot: z.string(),
  exporterRoot: z.string(),
});
export type TrustServiceCheck = z.infer<typeof trustServiceCheckSchema>;

export const trustViewSchema = z.object({
  clusters: z.array(trustClusterSchema),
  groups: z.array(trustGroupSchema),
  edges: z.array(trustEdgeSchema),
  services: z.array(trustServiceCheckSchema),
  generatedAt: isoDate,
});
export type TrustView = z.infer<typeof trustViewSchema>;

/**
 * A SPIFFE trust domain name as the bundle endpoint's path takes it: lower-case letters,
 * digits, '.', '-' and '_' (the SPIFFE ID standard's trust-domain characters).
 * https://github.com/spiffe/spiffe/blob/main/standards/SPIFFE-ID.md#21-trust-domain
 */
export const trustDomainParamSchema = z
  .string()
  .min(1)
  .max(255)
  .regex(
    /^[a-z0-9._-]+$/,
    "trust domain must be lower-case letters, digits, '.', '-' and '_' (a SPIFFE trust domain)",
  );

/** One x509-svid key of a SPIFFE bundle: the root's public key as a JWK, and the root in x5c. */
export const spiffeJwkSchema = z.object({
  use: z.literal("x509-svid"),
  kty: z.enum(["EC", "RSA"]),
  crv: z.string().optional(),
  x: z.string().optional(),
  y: z.string().optional(),
  n: z.string().optional(),
  e: z.string().optional(),
  /** Exactly one certificate: the root, DER in standard base64. */
  x5c: z.array(z.string()).length(1),
});

/**
 * A SPIFFE bundle (a JWKS document with the SPIFFE parameters), as SPIFFE federation's
 * https_web profile fetches it.
 * https://github.com/spiffe/spiffe/blob/main/standards/SPIFFE_Trust_Domain_and_Bundle.md
 */
export const spiffeBundleSchema = z.object({
  keys: z.array(spiffeJwkSchema),
  /** Increases whenever the roots served for the trust domain change. */
  spiffe_sequence: z.number().int().min(1),
  /** Seconds after which a consumer should fetch the bundle again. */
  spiffe_refresh_hint: z.number().int().min(1),
});
export type SpiffeBundle = z.infer<typeof spiffeBundleSchema>;
