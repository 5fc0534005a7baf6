// Whether one cluster's mesh can verify another's workload certificates: the root that signs
// the other's certificates must be among the roots this one trusts. During a rotation a mesh
// trusts two roots at once (Istio's root-cert.pem or meshConfig.caCertificates, Linkerd's
// ca-bundle.crt): that is a rotation window, not a mismatch.

/** What the check reads of a cluster (InventoryCluster's trust fields). */
export interface TrustSide {
  /** The root that signs the cluster's workloads ("" = unknown). */
  rootCaFingerprint: string;
  /** Every root the cluster trusts, when reported. */
  trustedRoots?: readonly string[];
}

/** The roots a cluster trusts: its reported bundle, else its signing root alone. */
export function trustedRoots(c: TrustSide): string[] {
  if (c.trustedRoots?.length) return [...c.trustedRoots];
  return c.rootCaFingerprint ? [c.rootCaFingerprint] : [];
}

/**
 * Whether `verifier` accepts certificates signed by `signer`'s root: true or false, or
 * undefined when either side's root is unknown (an old agent, a mesh without a readable root).
 */
export function canVerify(verifier: TrustSide, signer: TrustSide): boolean | undefined {
  const trusted = trustedRoots(verifier);
  if (!signer.rootCaFingerprint || trusted.length === 0) return undefined;
  return trusted.includes(signer.rootCaFingerprint);
}

/** A fingerprint shortened for a sentence: its first four pairs and an ellipsis. */
export function shortFingerprint(fingerprint: string): string {
  return fingerprint.length > 11 ? `${fingerprint.slice(0, 11)}…` : fingerprint || "unknown";
}
