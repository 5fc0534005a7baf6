import { z } from "zod";

import { dnsLabel } from "../../agent-protocol/k8s-names";

// A service another platform offers over Hamlet (issue 21.3), imported into chosen clusters of
// this fleet: the compiler's view of it. lib/federation validates what a peer sends; this is the
// trimmed, already-valid shape the translators read.

/** One way into the owner platform: its east-west gateway's address and mTLS port. */
export const remoteEndpointSchema = z
  .object({
    address: z.string().min(1).max(253),
    port: z.number().int().min(1).max(65_535),
    labels: z.array(z.string().max(253)).max(64).default([]),
  })
  .strict();

/** One protocol of the service: its port as clients call it, and the SNI the gateway routes on. */
export const remoteInstanceSchema = z
  .object({
    id: z.string().min(1).max(253),
    protocol: z.string().min(1).max(32),
    /** The port a local client calls the FQDN on (metadata `port`). */
    port: z.number().int().min(1).max(65_535),
    /** SNI the owner's gateway routes on (metadata `sni`); "" = none given. */
    sni: z.string().max(253).default(""),
    endpointSelector: z.array(z.string().max(253)).min(1).max(64),
  })
  .strict();

/** An offered service imported into `clusters`. */
export const remoteImportSchema = z
  .object({
    /** The peer that owns it. */
    peer: dnsLabel("peer name"),
    /** FederatedService.name: unique within the peer. */
    name: z.string().min(1).max(253),
    /** The FQDN local clients call. */
    fqdn: z.string().min(1).max(253),
    endpoints: z.array(remoteEndpointSchema).min(1).max(1000),
    /** SPIFFE SANs the owner's workloads present (end-to-end mTLS is verified against them). */
    sans: z.array(z.string().max(2048)).max(100).default([]),
    instances: z.array(remoteInstanceSchema).min(1).max(100),
    /** Consumer clusters, by name. */
    clusters: z.array(z.string()).default([]),
  })
  .strict();
export type RemoteImport = z.infer<typeof remoteImportSchema>;
export type RemoteInstance = z.infer<typeof remoteInstanceSchema>;

/**
 * `peer:name`, the key of a remote import in plans, warnings and annotations (a local global
 * service's key is `namespace/name`, and a peer name has no colon, so the two never meet).
 */
export const remoteKey = (r: Pick<RemoteImport, "peer" | "name">) => `${r.peer}:${r.name}`;

/** The endpoints an instance selects: those sharing at least one label with its selector. */
export function selectedEndpoints(r: RemoteImport, instance: RemoteInstance) {
  const wanted = new Set(instance.endpointSelector);
  return r.endpoints.filter((e) => e.labels.some((l) => wanted.has(l)));
}

/** Label on every object of a remote import, naming the peer that owns the service. */
export const PEER_LABEL = "meridian.dev/peer";
