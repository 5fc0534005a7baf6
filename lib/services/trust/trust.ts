import "server-only";
import { createHash, X509Certificate } from "node:crypto";

import { notFound } from "@/lib/domain/errors";
import { deriveTrustView } from "@/lib/domain/trust";
import type { SpiffeBundle, TrustView } from "@/lib/model/trust";
import {
  bundleSequence,
  readDomainTrust,
  readTrustClusters,
  readTrustServices,
} from "@/lib/store/trust";
import { readTogether, pool } from "@/lib/store/transaction";

/** spiffe_refresh_hint: agents report within a minute; five minutes keeps consumers current. */
export const BUNDLE_REFRESH_HINT_SECONDS = 300;

/** The fleet's trust view (GET /api/v1/trust). */
export async function getTrustView(now = new Date()): Promise<TrustView> {
  const [clusters, services] = await readTogether(
    pool(),
    () => readTrustClusters(),
    () => readTrustServices(),
  );
  return deriveTrustView(clusters, services, now);
}

/** The JWK of a root certificate (DER, base64): its public key, with the certificate in x5c. */
export function rootJwk(der: string): SpiffeBundle["keys"][number] {
  const cert = new X509Certificate(Buffer.from(der, "base64"));
  const jwk = cert.publicKey.export({ format: "jwk" });
  const kty = jwk.kty === "EC" ? "EC" : "RSA";
  return {
    use: "x509-svid",
    kty,
    ...(kty === "EC" ? { crv: jwk.crv, x: jwk.x, y: jwk.y } : { n: jwk.n, e: jwk.e }),
    x5c: [der],
  };
}

/**
 * The SPIFFE bundle of `trustDomain`: every root that the fleet's meshes in that trust domain
 * trust for it (a rotation serves old and new), one x509-svid key each. Not found when no
 * cluster of the fleet reports roots for the domain.
 */
export async function getTrustBundle(trustDomain: string): Promise<SpiffeBundle> {
  const clusters = await readDomainTrust(trustDomain);
  const roots = new Map<string, string>();
  for (const c of clusters)
    for (const r of c.trust?.roots ?? [])
      // A root Istio trusts only for other domains (caCertificates' trustDomains) is not this one's.
      if (!r.trustDomains || r.trustDomains.includes(trustDomain)) roots.set(r.fingerprint, r.der);
  if (roots.size === 0) throw notFound(`trust domain ${trustDomain}`);
  const fingerprints = [...roots.keys()].sort();
  const hash = createHash("sha256").update(fingerprints.join("\n")).digest("hex");
  const keys = fingerprints.flatMap((fp) => {
    try {
      return [rootJwk(roots.get(fp)!)];
    } catch {
      // The agent parsed it; a certificate Node cannot read back is left out, not served broken.
      return [];
    }
  });
  return {
    keys,
    spiffe_sequence: await bundleSequence(trustDomain, hash),
    spiffe_refresh_hint: BUNDLE_REFRESH_HINT_SECONDS,
  };
}
