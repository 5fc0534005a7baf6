import "server-only";
import { X509Certificate } from "node:crypto";
import * as grpc from "@grpc/grpc-js";

// Who is on the other end of a DiscoveryService stream. TLS asks every client for a certificate
// and verifies it against the registered peers' CAs, but completes the handshake either way
// (grpc-js: requestCert without rejectUnauthorized), so that the refusal can be a gRPC status the
// client understands: the spec's client retries UNAVAILABLE forever, and UNAUTHENTICATED tells it
// to stop. A verified certificate is then matched to the peer whose CA issued it.

const REFUSED = "client certificate missing, expired or not issued by a registered peer's CA";

/** A registered peer and the CA that issues its certificates. */
export type PeerCa = { name: string; ca: X509Certificate };

/** Parse the registered peers' CAs once per change. */
export const parsePeerCas = (peers: { name: string; caPem: string }[]): PeerCa[] =>
  peers.map((p) => ({ name: p.name, ca: new X509Certificate(p.caPem) }));

/** The peer whose CA issued the client's certificate, or why the client is refused. */
export function identifyPeer(
  raw: Buffer | undefined,
  peers: readonly PeerCa[],
  now = new Date(),
): { peer: string } | { refused: string } {
  // grpc-js gives the certificate only when TLS verified it against the trusted CAs (the
  // registered peers'), so a missing, expired or foreign certificate all arrive as none.
  if (!raw?.length) return { refused: REFUSED };
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(raw);
  } catch {
    return { refused: "the client certificate does not parse" };
  }
  const issuer = peers.find((p) => cert.checkIssued(p.ca) && cert.verify(p.ca.publicKey));
  if (!issuer) return { refused: REFUSED };
  if (now < new Date(cert.validFrom) || now > new Date(cert.validTo))
    return { refused: `client certificate of peer ${issuer.name} is not valid now (expired?)` };
  if (now > new Date(issuer.ca.validTo))
    return { refused: `the CA registered for peer ${issuer.name} has expired` };
  return { peer: issuer.name };
}

/**
 * Server credentials whose trusted CAs can change without rebinding the port (so a change to one
 * peer does not cut every other peer's stream). Built on grpc-js's certificate-provider
 * credentials, which request a client certificate and leave the verdict to `identifyPeer`.
 */
export function peerServerCredentials(certPem: string, keyPem: string) {
  let ca = Buffer.from(certPem);
  const caListeners = new Set<(u: { caCertificate: Buffer } | null) => void>();
  const idListeners = new Set<(u: { certificate: Buffer; privateKey: Buffer } | null) => void>();
  const identity = { certificate: Buffer.from(certPem), privateKey: Buffer.from(keyPem) };
  // The first update goes out on the next tick: grpc-js registers its watcher only after adding
  // the listener, so an update given synchronously would be lost and every connection dropped
  // as "unloaded credentials".
  const provider: grpc.experimental.CertificateProvider = {
    addCaCertificateListener: (l) => {
      caListeners.add(l);
      setImmediate(() => caListeners.has(l) && l({ caCertificate: ca }));
    },
    removeCaCertificateListener: (l) => void caListeners.delete(l),
    addIdentityCertificateListener: (l) => {
      idListeners.add(l);
      setImmediate(() => idListeners.has(l) && l(identity));
    },
    removeIdentityCertificateListener: (l) => void idListeners.delete(l),
  };
  return {
    credentials: grpc.experimental.createCertificateProviderServerCredentials(
      provider,
      provider,
      false,
    ),
    /** Trust these CAs' PEMs from the next handshake on (the server's own leaf when none). */
    setCas(pems: string[]) {
      ca = Buffer.from(pems.length ? pems.join("\n") : certPem);
      for (const l of caListeners) l({ caCertificate: ca });
    },
  };
}
