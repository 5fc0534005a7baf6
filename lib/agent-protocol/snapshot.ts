import { z } from "zod";
import { dnsLabel, reportedLabelMap, reportedLabelValue, reportedToken } from "./k8s-names";
import { PG_INT_MAX } from "./numbers";
import { reportedTrustSchema } from "./trust";
import { siteWorkloadsSchema } from "./workload";

/** Mesh types Meridian understands. */
export const MESH_TYPES = ["istio", "linkerd", "cilium", "consul", "none"] as const;
export type MeshTypeName = (typeof MESH_TYPES)[number];

/** Service types as the agent reports them ("Headless" = ClusterIP None). */
export const SERVICE_TYPES = [
  "ClusterIP",
  "NodePort",
  "LoadBalancer",
  "ExternalName",
  "Headless",
] as const;

const MAX_SERVICES = 20_000;

export const servicePortSchema = z
  .object({
    /** A Service port's name is a DNS label, or empty for a single unnamed port. */
    name: z
      .string()
      .max(63)
      .regex(/^([a-z0-9]([-a-z0-9]*[a-z0-9])?)?$/, "port names must be DNS labels")
      .default(""),
    port: z.number().int().min(1).max(65535),
    protocol: z.enum(["TCP", "UDP", "SCTP"]).default("TCP"),
    targetPort: z.union([z.number().int().min(1).max(65535), z.string().max(63)]).optional(),
    appProtocol: reportedToken("appProtocol", 63).optional(),
  })
  .strict();

/**
 * Endpoints of one service in one zone, and zones of one service: a zone may hold what a
 * Postgres integer holds (issue 37.10: a per-zone cap refused 2^31−1, which the checks accept),
 * and the service's total across its zones must fit one too (the contract fuzz sent 2^53).
 */
const MAX_ZONE_ENDPOINTS = PG_INT_MAX;
const MAX_ZONES = 1000;

export const zoneCountSchema = z
  .object({
    ready: z.number().int().min(0).max(MAX_ZONE_ENDPOINTS),
    total: z.number().int().min(0).max(MAX_ZONE_ENDPOINTS),
  })
  .strict()
  .refine((c) => c.ready <= c.total, "ready endpoints cannot exceed total endpoints");

/** One Service as the agent reports it, trimmed to what Meridian uses. */
export const reportedServiceSchema = z
  .object({
    namespace: dnsLabel("namespace"),
    name: dnsLabel("service name"),
    type: z.enum(SERVICE_TYPES),
    ports: z.array(servicePortSchema).max(100).default([]),
    labels: reportedLabelMap.default({}),
    /** Endpoint counts per zone ("" when the slice carries no zone). */
    endpointsByZone: z
      .record(reportedLabelValue("a zone"), zoneCountSchema)
      .refine((z) => Object.keys(z).length <= MAX_ZONES, `at most ${MAX_ZONES} zones`)
      .refine(
        (z) => Object.values(z).reduce((sum, c) => sum + c.total, 0) <= PG_INT_MAX,
        `the endpoints of all zones together must be at most ${PG_INT_MAX}`,
      )
      .default({}),
    /**
     * A site's hosts (VMs, bare metal) serving the service, reported in static mode; absent for
     * a Kubernetes Service, whose endpoints are its pods.
     */
    workloads: siteWorkloadsSchema.optional(),
  })
  .strict();
export type ReportedService = z.infer<typeof reportedServiceSchema>;

/** Istio data plane modes: sidecar proxies, or ambient (ztunnel + waypoints). */
export const DATAPLANE_MODES = ["sidecar", "ambient"] as const;

/** A Kubernetes LabelSelector (metav1.LabelSelector), as a mesh config holds it. */
export const labelSelectorSchema = z
  .object({
    matchLabels: z.record(z.string().max(317), z.string().max(63)).optional(),
    matchExpressions: z
      .array(
        z
          .object({
            key: z.string().max(317),
            operator: z.enum(["In", "NotIn", "Exists", "DoesNotExist"]),
            values: z.array(z.string().max(63)).max(50).optional(),
          })
          .strict(),
      )
      .max(20)
      .optional(),
  })
  .strict();
export type LabelSelector = z.infer<typeof labelSelectorSchema>;

/**
 * One entry of Istio's `meshConfig.serviceScopeConfigs` (ambient multicluster): services the
 * selectors pick are LOCAL (this cluster only) or GLOBAL (every cluster of the mesh).
 * https://istio.io/latest/docs/reference/config/istio.mesh.v1alpha1/#MeshConfig-ServiceScopeConfigs
 */
export const serviceScopeConfigSchema = z
  .object({
    namespaceSelector: labelSelectorSchema.optional(),
    servicesSelector: labelSelectorSchema.optional(),
    scope: z.enum(["LOCAL", "GLOBAL"]),
  })
  .strict();
export type ServiceScopeConfig = z.infer<typeof serviceScopeConfigSchema>;

/** API groups whose served versions the agent reports (the translators pick versions from them). */
export const REPORTED_API_GROUPS = ["multicluster.x-k8s.io", "gateway.networking.k8s.io"] as const;

/** Served versions per reported API group; a group the cluster does not serve is absent. */
const servedVersions = z.array(z.string().max(63)).max(20).optional();
export const servedApisSchema = z
  .object({
    "multicluster.x-k8s.io": servedVersions,
    "gateway.networking.k8s.io": servedVersions,
  })
  .strict();
export type ServedApis = z.infer<typeof servedApisSchema>;

// The optional fields below came after the first agents: an old agent omits them and stays
// valid; Meridian then treats them as unknown (and the plan says what it assumed).
export const reportedMeshSchema = z
  .object({
    type: z.enum(MESH_TYPES),
    version: reportedToken("mesh version", 64).default(""),
    trustDomain: reportedToken("trust domain", 253).default(""),
    rootCaFingerprint: z
      .string()
      .regex(
        /^([0-9A-F]{2}(:[0-9A-F]{2}){31})?$/,
        "rootCaFingerprint must be a SHA-256 fingerprint",
      )
      .default(""),
    /** Istio: `values.global.multiCluster.clusterName`, the `topology.istio.io/cluster` value. */
    clusterId: reportedToken("clusterId", 253).optional(),
    /** Istio: `values.global.network`, the `topology.istio.io/network` value. */
    network: reportedLabelValue("network").optional(),
    /** Istio's DNS proxy (mesh config `defaultConfig.proxyMetadata`). */
    dnsProxy: z.object({ capture: z.boolean(), autoAllocate: z.boolean() }).strict().optional(),
    /** Istio: "ambient" when ztunnel runs, else "sidecar". */
    dataplaneMode: z.enum(DATAPLANE_MODES).optional(),
    /** Trust domain aliases, root certificates and CA kind (lib/agent-protocol/trust.ts). */
    trust: reportedTrustSchema.optional(),
    /** Istio: the mesh config's `serviceScopeConfigs` (absent = none set, or an old agent). */
    serviceScopeConfigs: z.array(serviceScopeConfigSchema).max(100).optional(),
  })
  .strict();
export type ReportedMesh = z.infer<typeof reportedMeshSchema>;

/** A full inventory snapshot of one cluster: sent on connect, and by the demo seed. */
export const clusterSnapshotSchema = z
  .object({
    meshes: z.array(reportedMeshSchema).max(MESH_TYPES.length).default([]),
    /** Namespaces of the cluster (optional: agents before it did not send them). */
    namespaces: z.array(dnsLabel("namespace")).max(MAX_SERVICES).optional(),
    /** Served versions of the API groups Meridian writes beside the meshes' (optional: newer agents). */
    servedApis: servedApisSchema.optional(),
    services: z.array(reportedServiceSchema).max(MAX_SERVICES),
  })
  .strict()
  .superRefine((snap, ctx) => {
    flagDuplicateServices(snap.services, "services", ctx);
    const meshTypes = new Set(snap.meshes.map((m) => m.type));
    if (meshTypes.size !== snap.meshes.length) {
      ctx.addIssue({ code: "custom", path: ["meshes"], message: "each mesh type may appear once" });
    }
  });
export type ClusterSnapshot = z.infer<typeof clusterSnapshotSchema>;

/**
 * Adds a `duplicate service namespace/name` issue for each service listed a second time, in
 * `services` or in any list checked before with the same `seen` (a delta's upserts, then its
 * deletes): one report names each service once.
 */
export function flagDuplicateServices(
  services: readonly { namespace: string; name: string }[],
  field: string,
  ctx: z.RefinementCtx,
  seen = new Set<string>(),
): Set<string> {
  for (const [i, s] of services.entries()) {
    const key = `${s.namespace}/${s.name}`;
    if (seen.has(key))
      ctx.addIssue({ code: "custom", path: [field, i], message: `duplicate service ${key}` });
    seen.add(key);
  }
  return seen;
}
