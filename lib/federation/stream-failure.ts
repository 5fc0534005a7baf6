import * as grpc from "@grpc/grpc-js";

// What a failed connection or stream to a peer reads as on the Peers page: a certificate
// failure says so (and which side refused), a peer that speaks the draft protocol is named as
// one, and only the rest is "cannot reach".

const CERTIFICATE =
  /certificate|self[- ]signed|unable to (get|verify)|CERT_|x509|handshake|alert (bad|unknown)|tlsv1 alert/i;
// grpc-js's words when a message does not decode with the published protos, as a draft peer's
// StreamResponse (resource = 3, operation = 4) does not.
const UNDECODABLE = /parsing error|invalid wire type|invalid UTF-8|index out of range|illegal/i;

/** One line for a failed stream, from its gRPC status code and details. */
export function describeStreamFailure(
  address: string,
  detail: string,
  code: grpc.status | undefined,
): string {
  if (code === grpc.status.UNAUTHENTICATED)
    return `certificate refused by the peer at ${address} (UNAUTHENTICATED): ${detail}`;
  if (code === grpc.status.RESOURCE_EXHAUSTED)
    return `the peer at ${address} sent a message over Meridian's limit: ${detail}`;
  if (UNDECODABLE.test(detail))
    return `the peer at ${address} does not speak Hamlet v1alpha2 as published (its messages do not decode; a draft-speaking peer, such as a Meridian before issue 35, is not supported): ${detail}`;
  if (CERTIFICATE.test(detail)) return `certificate failure with ${address}: ${detail}`;
  if (code === grpc.status.UNAVAILABLE) return `cannot reach ${address}: ${detail}`;
  return `stream to ${address} failed: ${detail}`;
}
