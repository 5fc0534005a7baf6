import { z } from "zod";
import type { RemoteImport } from "@/lib/meshes";

// The Hamlet v1alpha2 FederatedService as published (proto/hamlet/federated_service.proto, spec
// "Complex Type Instance/Endpoint") as it arrives from a peer, decoded by protobufjs with keepCase
// (snake_case fields, defaults filled). The consumer validates every message with this schema: a
// malformed one is NACKed with the first problems, and nothing of it is stored. What the spec
// allows is accepted: an Instance whose endpoint_selector matches no Endpoint is associated to all
// Endpoints; SANs are optional and may be written `URI:spiffe://…`; metadata keys are reserved in
// upper case (SNI, HOSTNAME, PORT), and the lower-case forms earlier peers sent are read too.

/** The most bytes of a FederatedService Meridian accepts (its encoded Any value). */
export const MAX_SERVICE_BYTES = 256 * 1024;
/** The most bytes of a peer's text Meridian repeats back (in a NACK, a status, a page). */
export const MAX_ECHO_BYTES = 256;
/** The most bytes of a peer's NACK message Meridian keeps. */
export const MAX_NACK_BYTES = 1024;

/** A peer's text as Meridian may repeat it: at most MAX_ECHO_BYTES, and said to be cut. */
export function clipEcho(text: string, max = MAX_ECHO_BYTES): string {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length <= max) return text;
  // Cut on a character boundary (a split UTF-8 sequence decodes to U+FFFD, dropped here).
  const cut = bytes
    .subarray(0, max)
    .toString("utf8")
    .replace(/\uFFFD$/, "");
  return `${cut}… (${bytes.length} bytes)`;
}

const DNS_NAME =
  /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
const IPV4 = /^((25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(25[0-5]|2[0-4]\d|1?\d?\d)$/;
const IPV6 = /^[0-9a-fA-F:]+(%\w+)?$/;
const PRINTABLE = /^[\x21-\x7e]+$/;

const text = (what: string, max = 253) =>
  z
    .string()
    .min(1, `${what} is required`)
    .max(max, `${what} is longer than ${max} characters`)
    .regex(PRINTABLE, `${what} must be printable ASCII without spaces`);

const endpointSchema = z.object({
  address: z
    .string()
    .min(1, "address is required")
    .refine(
      (a) => IPV4.test(a) || (a.includes(":") && IPV6.test(a)) || DNS_NAME.test(a),
      "address must be an IP address or a DNS name (Meridian cannot route to a CIDR)",
    ),
  port: z.number().int().min(1, "port must be 1–65535").max(65_535, "port must be 1–65535"),
  labels: z.array(text("an endpoint label")).min(1, "an endpoint needs at least one label").max(64),
  description: z.string().max(4096).default(""),
});

const instanceSchema = z.object({
  id: text("instance id"),
  protocol: text("protocol", 32),
  metadata: z.record(z.string().max(253), z.string().max(2048)).default({}),
  endpoint_selector: z
    .array(text("an endpoint selector label"))
    .min(1, "endpoint_selector needs at least one label")
    .max(64),
  description: z.string().max(4096).default(""),
});

/** A FederatedService as a peer sends it. */
export const federatedServiceSchema = z
  .object({
    name: text("name"),
    description: z.string().max(4096).default(""),
    tags: z.array(z.string().max(253)).max(64).default([]),
    labels: z.record(z.string().max(253), z.string().max(253)).default({}),
    fqdn: z.string().regex(DNS_NAME, "fqdn must be a lower-case DNS name"),
    endpoints: z.array(endpointSchema).min(1, "at least one endpoint is required").max(1000),
    // Optional in the spec; the spec's own example writes `URI:spiffe://…` (the form openssl
    // prints), which is stored as the bare URI.
    sans: z
      .array(
        z
          .string()
          .max(2048)
          .transform((san) => san.replace(/^URI:/, ""))
          .refine(
            (san) => san.startsWith("spiffe://"),
            "each SAN must be a SPIFFE ID (spiffe://…)",
          ),
      )
      .max(100)
      .default([]),
    instances: z.array(instanceSchema).min(1, "at least one instance is required").max(100),
  })
  .superRefine((s, ctx) => {
    const ids = new Set<string>();
    const ports = new Set<number>();
    for (const [i, inst] of s.instances.entries()) {
      const at = (field: string) => ["instances", i, field];
      if (ids.has(inst.id))
        ctx.addIssue({
          code: "custom",
          path: at("id"),
          message: `duplicate instance id ${inst.id}`,
        });
      ids.add(inst.id);
      const port = instancePort(inst);
      if (port === undefined)
        ctx.addIssue({
          code: "custom",
          path: at("metadata"),
          message: "metadata PORT must be a port number (1–65535), or the protocol must have one",
        });
      else if (ports.has(port))
        ctx.addIssue({ code: "custom", path: at("metadata"), message: `port ${port} twice` });
      else ports.add(port);
    }
  });
export type FederatedService = z.infer<typeof federatedServiceSchema>;
type Instance = FederatedService["instances"][number];

// A peer that sends no `port` metadata gets its protocol's well-known port.
const DEFAULT_PORTS: Record<string, number> = {
  HTTP: 80,
  HTTP2: 80,
  HTTPS: 443,
  TLS: 443,
  GRPC: 443,
};

/** A reserved metadata key (SNI, HOSTNAME, PORT), upper case as published, else lower case. */
export const metadataValue = (metadata: Record<string, string>, key: "SNI" | "HOSTNAME" | "PORT") =>
  metadata[key] ?? metadata[key.toLowerCase()];

function instancePort(inst: Pick<Instance, "metadata" | "protocol">): number | undefined {
  const raw = metadataValue(inst.metadata, "PORT");
  if (raw === undefined) return DEFAULT_PORTS[inst.protocol.toUpperCase()] ?? undefined;
  const n = /^\d{1,5}$/.test(raw) ? Number(raw) : NaN;
  return n >= 1 && n <= 65_535 ? n : undefined;
}

/** Validates a decoded FederatedService; the error message names the field and the problem. */
export function parseFederatedService(
  raw: unknown,
): { ok: true; service: FederatedService } | { ok: false; message: string } {
  const parsed = federatedServiceSchema.safeParse(raw);
  if (parsed.success) return { ok: true, service: parsed.data };
  // The name is the peer's text: repeated back clipped (a NACK must not echo a megabyte).
  const name =
    typeof (raw as { name?: unknown })?.name === "string" && (raw as { name: string }).name
      ? clipEcho((raw as { name: string }).name)
      : "(unnamed)";
  const problems = parsed.error.issues.slice(0, 3).map(
    (i) =>
      `${
        i.path
          .map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`))
          .join("")
          .replace(/^\./, "") || "(message)"
      }: ${i.message}`,
  );
  return { ok: false, message: `FederatedService ${name} is malformed: ${problems.join("; ")}` };
}

/** What the compiler needs of an offered service, imported into `clusters`. */
export function toRemoteImport(
  peer: string,
  s: FederatedService,
  clusters: readonly string[],
): RemoteImport {
  return {
    peer,
    name: s.name,
    fqdn: s.fqdn,
    endpoints: s.endpoints.map((e) => ({ address: e.address, port: e.port, labels: e.labels })),
    sans: s.sans,
    instances: s.instances.map((i) => ({
      id: i.id,
      protocol: i.protocol,
      port: instancePort(i)!,
      sni: metadataValue(i.metadata, "SNI") ?? "",
      // One that matches no endpoint is associated to all (lib/meshes selectedEndpoints).
      endpointSelector: i.endpoint_selector,
    })),
    clusters: [...clusters],
  };
}
