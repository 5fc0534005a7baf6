import { z } from "zod";
import { dnsLabel } from "@/lib/agent-protocol/k8s-names";
import { federatedServiceSchema } from "@/lib/model/federated-service";

// Federation peers over Hamlet v1alpha2 (issue 21.3): the REST contract of /api/v1/peers.

const isoDate = z.string().datetime({ offset: true });

/**
 * DNS suffixes that are this fleet's own, which no peer may offer names under: in-cluster names,
 * the MCS cluster set's domain, and both global-name styles (an offer under the style not in use
 * would collide as soon as an admin switched to it).
 */
export const FLEET_DOMAINS = ["cluster.local", "clusterset.local", "global"] as const;

/** Whether `name` is `domain` or a name under it. */
export const inDomain = (name: string, domain: string) =>
  name === domain || name.endsWith(`.${domain}`);

/** One domain a peer may offer names in (the domain itself and every name under it). */
export const peerDomainSchema = z
  .string()
  .max(253)
  .regex(
    /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/,
    "a domain is a lower-case DNS name with at least two labels (e.g. partner.example)",
  )
  .refine(
    (d) => !FLEET_DOMAINS.some((f) => inDomain(d, f) || inDomain(f, d)),
    `a peer may not offer names in this fleet's own domains (${FLEET_DOMAINS.join(", ")})`,
  );

/** The domains a peer may offer, deny by default: an empty list admits nothing. */
export const peerDomainsSchema = z.array(peerDomainSchema).max(100);
const PEM_CERT =
  /^-----BEGIN CERTIFICATE-----\r?\n[A-Za-z0-9+/=\r\n]+-----END CERTIFICATE-----\s*$/;

/** What an admin registers: the peer's DiscoveryService, the CA to trust, its SPIFFE bundle endpoint. */
export const peerInputSchema = z
  .object({
    name: dnsLabel("peer name"),
    /** host:port of the peer's Hamlet DiscoveryService. */
    address: z
      .string()
      .max(261)
      .regex(
        /^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]{1,253}):\d{1,5}$/,
        "address must be host:port (e.g. hamlet.partner.example:3810)",
      ),
    /** PEM of the one CA certificate that signs the peer's server and client certificates. */
    caPem: z
      .string()
      .max(16_384)
      .regex(PEM_CERT, "caPem must be one PEM certificate (-----BEGIN CERTIFICATE-----)"),
    /** The peer's SPIFFE bundle endpoint (https_web), e.g. https://…/api/v1/trust/bundles/example.org */
    bundleEndpoint: z
      .string()
      .max(2048)
      .url()
      .refine((u) => u.startsWith("https://"), "bundleEndpoint must be an https URL"),
    /** DNS domains the peer may offer names in (deny by default: none). */
    domains: peerDomainsSchema.default([]),
  })
  .strict();
/** As a caller writes it (`domains` may be left out: none). */
export type PeerInput = z.input<typeof peerInputSchema>;

export const peerUpdateSchema = peerInputSchema
  .omit({ name: true })
  .partial()
  .extend({ version: z.number().int().min(1).max(2_147_483_647) })
  .strict();
export type PeerUpdate = z.infer<typeof peerUpdateSchema>;

/** A peer as the API shows it (the CA is a public certificate; no key is ever stored). */
export const peerSchema = z.object({
  name: z.string(),
  address: z.string(),
  caPem: z.string(),
  /** SHA-256 fingerprint of the CA certificate. */
  caFingerprint: z.string(),
  bundleEndpoint: z.string(),
  /** DNS domains the peer may offer names in; nothing outside them is stored. */
  domains: z.array(z.string()),
  version: z.number().int(),
  createdAt: isoDate,
  connected: z.boolean(),
  lastConnectedAt: isoDate.nullable(),
  lastError: z.string(),
  /** When the peer last ACKed a service we sent it. */
  lastAckAt: isoDate.nullable(),
  /** The last NACK: one the peer sent us ("received") or one we sent it ("sent"). */
  lastNack: z
    .object({ side: z.enum(["sent", "received"]), message: z.string(), at: isoDate })
    .nullable(),
  /** Global services published to this peer, as `namespace/name`. */
  publishing: z.array(z.string()),
  offered: z.number().int(),
  /**
   * The consumer stream to the peer: `connected` (offers stored), `empty` (open, nothing
   * stored), `certificate` (a certificate was refused, by either side), `disconnected`, or
   * `never` connected.
   */
  stream: z.enum(["connected", "empty", "certificate", "disconnected", "never"]),
});
export type PeerDto = z.infer<typeof peerSchema>;
export const peerListSchema = z.object({ items: z.array(peerSchema) });

/** A service a peer offers, and the clusters it is imported into here. */
export const offerSchema = z.object({
  peer: z.string(),
  name: z.string(),
  receivedAt: isoDate,
  service: federatedServiceSchema,
  importedInto: z.array(z.string()),
  /** Version of the import (0 = not imported): send it back to change the import. */
  importVersion: z.number().int(),
});
export type OfferDto = z.infer<typeof offerSchema>;
/** A page of offers by name: `nextCursor` is the `cursor` of the next page, null on the last. */
export const offerListSchema = z.object({
  items: z.array(offerSchema),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});

export type OfferPage = z.infer<typeof offerListSchema>;

/** Offers shown per page on the Peers page (the server's first page and the client's next). */
export const OFFERS_PAGE = 25;

/** `?limit=&cursor=` of the offers list: pages by name, the cursor is the last name seen. */
export const offerPageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().min(1).max(253).optional(),
});
export type OfferPageQuery = z.infer<typeof offerPageQuerySchema>;

/** Import an offered service into `clusters` (empty: remove the import). */
export const importChangeSchema = z
  .object({
    service: z.string().min(1).max(253),
    clusters: z.array(dnsLabel("cluster name")).max(5000),
    version: z.number().int().min(0).max(2_147_483_647),
  })
  .strict();
export type ImportChange = z.infer<typeof importChangeSchema>;

/** Publish a global service to a peer (or stop). */
export const publicationSchema = z
  .object({ namespace: dnsLabel("namespace"), name: dnsLabel("service name") })
  .strict();
export type Publication = z.infer<typeof publicationSchema>;

/** Where peers reach a cluster's east-west gateway (its mTLS passthrough port, 15443 in Istio). */
export const gatewayInputSchema = z
  .object({
    address: z
      .string()
      .min(1)
      .max(253)
      .regex(/^[A-Za-z0-9.:-]+$/, "address must be an IP address or a DNS name"),
    port: z.number().int().min(1).max(65_535).default(15443),
  })
  .strict();
export type GatewayInput = z.infer<typeof gatewayInputSchema>;
