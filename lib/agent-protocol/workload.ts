import { z } from "zod";
import { dnsLabel, reportedLabelMap } from "./k8s-names";

// Workloads outside Kubernetes (VMs, bare-metal hosts) that a site's static-mode agent reports
// with each of its services. They are what a mesh needs to address a host it did not start:
// Istio's WorkloadEntry, Linkerd's ExternalWorkload, a Consul service instance.

/** Health of one workload as the site reports it ("unknown" = no health check ran). */
export const WORKLOAD_HEALTH = ["healthy", "unhealthy", "unknown"] as const;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9a-fA-F:]+$/;
const HOSTNAME = /^(?=.{1,253}$)[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** True when `address` is an IPv4 or IPv6 literal (Linkerd's ExternalWorkload takes only IPs). */
export function isIpAddress(address: string): boolean {
  return IPV4.test(address) || (address.includes(":") && IPV6.test(address));
}

/** A workload's address: an IPv4 or IPv6 literal, or a DNS name. */
export const workloadAddress = z.string({ error: "address must be a string" }).refine(
  // A name whose last label is all digits would be a mistyped IPv4 address (RFC 3696 2).
  (a) => isIpAddress(a) || (HOSTNAME.test(a) && !/(^|\.)\d+$/.test(a)),
  "address must be an IPv4 or IPv6 address or a DNS name",
);

/** `spiffe://trust-domain/path`, the identity a workload presents. */
export const spiffeId = z
  .string()
  .max(2048)
  .regex(
    /^spiffe:\/\/[a-z0-9._-]+(\/[\x21-\x7e]*)?$/,
    "spiffeId must be spiffe://<trust-domain>/<path>",
  );

/** One VM or host serving a site's service. */
export const siteWorkloadSchema = z
  .object({
    /** Unique within the service; names the mesh object (WorkloadEntry, ExternalWorkload). */
    name: dnsLabel("workload name"),
    address: workloadAddress,
    /** Zone of the host (locality region/zone; the site's own zone when absent). */
    zone: z.string().max(63).optional(),
    labels: reportedLabelMap.default({}),
    /** Port name → port on the host, when it differs from the service port of that name. */
    ports: z.record(z.string().max(63), z.number().int().min(1).max(65535)).optional(),
    /** Kubernetes service account the workload runs as (Istio identity). */
    serviceAccount: dnsLabel("serviceAccount").optional(),
    /** SPIFFE id the workload presents (Linkerd's meshTLS identity). */
    spiffeId: spiffeId.optional(),
    health: z.enum(WORKLOAD_HEALTH).default("unknown"),
  })
  .strict();
export type SiteWorkload = z.infer<typeof siteWorkloadSchema>;

/** A service's workloads, each name once. */
export const siteWorkloadsSchema = z
  .array(siteWorkloadSchema)
  .max(1000)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    for (const [i, w] of list.entries()) {
      if (seen.has(w.name))
        ctx.addIssue({
          code: "custom",
          path: [i, "name"],
          message: `duplicate workload ${w.name}`,
        });
      seen.add(w.name);
    }
  });

/**
 * Endpoint counts per zone from a site's workloads: each workload is one endpoint, ready when
 * healthy, in its own zone or else the site's.
 */
export function workloadEndpoints(
  workloads: readonly SiteWorkload[],
  siteZone: string,
): Record<string, { ready: number; total: number }> {
  const out: Record<string, { ready: number; total: number }> = {};
  for (const w of workloads) {
    const zone = w.zone ?? siteZone;
    const c = (out[zone] ??= { ready: 0, total: 0 });
    c.total++;
    if (w.health === "healthy") c.ready++;
  }
  return out;
}
