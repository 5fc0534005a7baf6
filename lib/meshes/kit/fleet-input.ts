import { primaryMesh } from "../../agent-protocol/primary-mesh";
import { z } from "zod";

import type { FleetFile } from "../../agent-protocol/fleet-file";
import { dnsLabel } from "../../agent-protocol/k8s-names";
import { remoteImportSchema } from "./remote-import";
import {
  DATAPLANE_MODES,
  MESH_TYPES,
  SERVICE_TYPES,
  servedApisSchema,
  serviceScopeConfigSchema,
  servicePortSchema,
  type ServedApis,
  type ServiceScopeConfig,
  zoneCountSchema,
} from "../../agent-protocol/snapshot";
import { siteWorkloadSchema } from "../../agent-protocol/workload";

// The translators' input model: a fleet inventory (what the agents report, trimmed) and the
// operator's intent per global service. One zod schema each, reused by the CLI, the fleet file
// and the REST API. Cross-field rules that need the inventory live in validate.ts.

/** Mesh a cluster runs ("none" compiles to the plain Kubernetes MCS API). */
export const meshSchema = z.enum(MESH_TYPES);
export type Mesh = z.infer<typeof meshSchema>;

// Ports and endpoint counts are the agent protocol's own shapes, not copies of them.
export const inventoryPortSchema = servicePortSchema;
export type InventoryPort = z.infer<typeof inventoryPortSchema>;

export const endpointCountSchema = zoneCountSchema;

/** One Service in one cluster (ReportedService with endpoint counts summed over zones). */
export const inventoryServiceSchema = z
  .object({
    namespace: dnsLabel("namespace"),
    name: dnsLabel("service name"),
    type: z.enum(SERVICE_TYPES),
    ports: z.array(inventoryPortSchema).max(100).default([]),
    endpoints: endpointCountSchema.default({ ready: 0, total: 0 }),
    labels: z.record(z.string(), z.string()).default({}),
    /** The Service's pod selector when known; Istio policies fall back to the `app` label. */
    selector: z.record(z.string(), z.string()).optional(),
    /** A site's hosts serving the service (static-mode agents); absent for a Kubernetes Service. */
    workloads: z.array(siteWorkloadSchema).max(1000).optional(),
  })
  .strict();
export type InventoryService = z.infer<typeof inventoryServiceSchema>;

const FINGERPRINT = /^([0-9A-F]{2}(:[0-9A-F]{2}){31})?$/;

/** One cluster: placement, mesh identity (ReportedMesh) and services. */
export const inventoryClusterSchema = z
  .object({
    name: dnsLabel("cluster name"),
    /**
     * "vm-site": VMs or bare-metal hosts reported by a static-mode agent. A site runs no
     * Kubernetes API: its mesh objects are written into its host cluster (or its importers).
     */
    kind: z.literal("vm-site").optional(),
    /** A site's host: the Kubernetes cluster whose mesh its workloads join. */
    hostCluster: z.string().max(63).optional(),
    region: z.string().max(63).default(""),
    zone: z.string().max(63).default(""),
    network: z.string().max(63).default(""),
    mesh: meshSchema.default("none"),
    trustDomain: z.string().max(253).default(""),
    rootCaFingerprint: z
      .string()
      .regex(FINGERPRINT, "rootCaFingerprint must be a SHA-256 fingerprint")
      .default(""),
    /** The mesh's version as the agent reads it (absent or "" = unknown; e.g. 1.24.2, stable-2.17.1). */
    meshVersion: z.string().max(64).optional(),
    /**
     * Istio's cluster id (`values.global.multiCluster.clusterName`), the value of every endpoint's
     * `topology.istio.io/cluster` label; absent or "" = not reported (old agent or not Istio).
     */
    meshClusterId: z.string().max(253).optional(),
    /**
     * Istio's DNS proxy from the mesh config (`defaultConfig.proxyMetadata`
     * ISTIO_META_DNS_CAPTURE / ISTIO_META_DNS_AUTO_ALLOCATE); absent = not reported.
     */
    dnsProxy: z.object({ capture: z.boolean(), autoAllocate: z.boolean() }).strict().optional(),
    /** Istio data plane: sidecars or ambient (ztunnel); absent = not reported (sidecar assumed). */
    dataplaneMode: z.enum(DATAPLANE_MODES).optional(),
    /** Istio's `meshConfig.serviceScopeConfigs` (ambient multicluster); absent = not reported. */
    serviceScopeConfigs: z.array(serviceScopeConfigSchema).max(100).optional(),
    /**
     * Served versions of multicluster.x-k8s.io and gateway.networking.k8s.io; absent = not
     * reported (an old agent), and the translators write what they wrote before.
     */
    servedApis: servedApisSchema.optional(),
    /**
     * Every root the cluster's mesh trusts (SHA-256 fingerprints; two during a rotation), when
     * its agent reports them; absent = only `rootCaFingerprint` is known.
     */
    trustedRoots: z.array(z.string().regex(FINGERPRINT)).max(16).optional(),
    /**
     * Namespaces that exist in the cluster, when the agent reports them; absent = unknown, and
     * the namespaces of the reported Services stand in for them.
     */
    namespaces: z.array(dnsLabel("namespace")).max(20_000).optional(),
    services: z.array(inventoryServiceSchema).default([]),
  })
  .strict();
export type InventoryCluster = z.infer<typeof inventoryClusterSchema>;

export const fleetInventorySchema = z
  .object({ clusters: z.array(inventoryClusterSchema).max(5000) })
  .strict()
  .superRefine((fleet, ctx) => {
    const seen = new Set<string>();
    for (const [i, c] of fleet.clusters.entries()) {
      if (seen.has(c.name))
        ctx.addIssue({
          code: "custom",
          path: ["clusters", i],
          message: `duplicate cluster ${c.name}`,
        });
      seen.add(c.name);
    }
  });
export type FleetInventory = z.infer<typeof fleetInventorySchema>;

/** Outlier detection sent with every failover (Istio ignores failover without it). */
export const outlierDetectionSchema = z
  .object({
    consecutive5xxErrors: z.number().int().min(1).max(1000).default(5),
    interval: z
      .string()
      .regex(/^\d+(ms|s|m)$/, "interval must be a duration like 10s")
      .default("10s"),
    baseEjectionTime: z
      .string()
      .regex(/^\d+(ms|s|m)$/, "baseEjectionTime must be a duration like 30s")
      .default("30s"),
    maxEjectionPercent: z.number().int().min(1).max(100).default(100),
  })
  .strict();
export type OutlierDetection = z.infer<typeof outlierDetectionSchema>;

export const failoverTierSchema = z
  .object({
    clusters: z
      .array(
        z
          .object({ name: z.string(), weight: z.number().int().min(0).max(100).optional() })
          .strict(),
      )
      .min(1),
  })
  .strict();

export const failoverSchema = z
  .object({
    tiers: z.array(failoverTierSchema).min(1).max(20),
    outlierDetection: outlierDetectionSchema.default(() => outlierDetectionSchema.parse({})),
  })
  .strict();
export type Failover = z.infer<typeof failoverSchema>;

/** The operator's intent for one global service (deny by default: nothing is shared). */
export const globalServiceIntentSchema = z
  .object({
    namespace: dnsLabel("namespace"),
    name: dnsLabel("service name"),
    /** `<name>.<namespace>.global` or `<name>.<namespace>.svc.clusterset.local` (the default). */
    hostname: z.string().max(253).optional(),
    /** Clusters whose local Service backs the global service. Order = age (oldest first). */
    exports: z.array(z.string()).default([]),
    /** Consumer clusters that import the global host. */
    imports: z.array(z.string()).default([]),
    failover: failoverSchema.optional(),
    /** Percent of traffic per exporting cluster (migrations); sums to 100. */
    trafficWeights: z.record(z.string(), z.number().int().min(0).max(100)).optional(),
    /** Consumer clusters allowed to call; absent = every importer. */
    access: z.array(z.string()).optional(),
    /**
     * Opt-in: where a cluster lacks the service's namespace, the agent creates it (labelled as
     * Meridian's) instead of the plan warning that applying there fails.
     */
    createNamespace: z.boolean().optional(),
  })
  .strict();
export type GlobalServiceIntent = z.infer<typeof globalServiceIntentSchema>;

export const fleetIntentSchema = z
  .object({
    services: z.array(globalServiceIntentSchema).max(100_000).default([]),
    /** Services other platforms offer over Hamlet, imported into clusters of this fleet. */
    remote: z.array(remoteImportSchema).max(10_000).optional(),
  })
  .strict();
export type FleetIntent = z.infer<typeof fleetIntentSchema>;

/** The two accepted hostname forms of a global service. */
export function hostnameForms(
  namespace: string,
  name: string,
): [global: string, clusterset: string] {
  return [`${name}.${namespace}.global`, `${name}.${namespace}.svc.clusterset.local`];
}

/** The global hostname of an intent (the MCS clusterset form unless the intent names one). */
export function hostnameOf(
  intent: Pick<GlobalServiceIntent, "namespace" | "name" | "hostname">,
): string {
  return intent.hostname ?? hostnameForms(intent.namespace, intent.name)[1];
}

/** `namespace/name`, the key of a global service and of a Service in one cluster. */
export function serviceKey(s: { namespace: string; name: string }): string {
  return `${s.namespace}/${s.name}`;
}

/**
 * Inventory from a fleet file: the cluster's mesh is its primary one (lib/agent-protocol/
 * primary-mesh.ts, in the order listed), endpoint counts are summed over zones.
 */
export function inventoryFromFleetFile(file: FleetFile): FleetInventory {
  return {
    clusters: file.clusters.map((c) =>
      inventoryCluster(
        c,
        c.meshes,
        c.services.map((s) => {
          const counts = Object.values(s.endpointsByZone);
          return {
            namespace: s.namespace,
            name: s.name,
            type: s.type,
            ports: s.ports.map((p) => ({
              name: p.name,
              port: p.port,
              protocol: p.protocol,
              ...(p.appProtocol ? { appProtocol: p.appProtocol } : {}),
            })),
            endpoints: {
              ready: counts.reduce((n, z) => n + z.ready, 0),
              total: counts.reduce((n, z) => n + z.total, 0),
            },
            labels: s.labels,
          };
        }),
      ),
    ),
  };
}

/** A reported mesh as the inventory reads it (ReportedMesh; the details are optional). */
type MeshOfCluster = {
  type: Mesh;
  trustDomain: string;
  rootCaFingerprint: string;
  version?: string;
  clusterId?: string;
  network?: string;
  dnsProxy?: { capture: boolean; autoAllocate: boolean };
  dataplaneMode?: (typeof DATAPLANE_MODES)[number];
  trust?: { roots: readonly { fingerprint: string }[] };
  serviceScopeConfigs?: ServiceScopeConfig[];
};

/**
 * A cluster of the inventory, its mesh the primary one of those it reports. What only newer
 * agents report (mesh version, Istio cluster id and network, DNS proxy, data plane, service
 * scopes, served API versions, namespaces)
 * is copied when present; absent, the translators treat it as unknown.
 */
export function inventoryCluster(
  c: {
    name: string;
    region: string;
    zone: string;
    network: string;
    namespaces?: string[];
    servedApis?: ServedApis;
    kind?: "vm-site";
    hostCluster?: string;
  },
  meshes: readonly MeshOfCluster[],
  services: InventoryService[],
): InventoryCluster {
  const mesh = primaryMesh(meshes);
  return {
    name: c.name,
    ...(c.kind ? { kind: c.kind } : {}),
    ...(c.hostCluster ? { hostCluster: c.hostCluster } : {}),
    region: c.region,
    zone: c.zone,
    network: c.network || mesh?.network || "",
    mesh: mesh?.type ?? "none",
    trustDomain: mesh?.trustDomain ?? "",
    rootCaFingerprint: mesh?.rootCaFingerprint ?? "",
    ...(mesh?.version ? { meshVersion: mesh.version } : {}),
    ...(mesh?.clusterId ? { meshClusterId: mesh.clusterId } : {}),
    ...(mesh?.dnsProxy ? { dnsProxy: { ...mesh.dnsProxy } } : {}),
    ...(mesh?.dataplaneMode ? { dataplaneMode: mesh.dataplaneMode } : {}),
    ...(mesh?.trust?.roots.length
      ? { trustedRoots: mesh.trust.roots.map((r) => r.fingerprint) }
      : {}),
    ...(mesh?.serviceScopeConfigs
      ? { serviceScopeConfigs: structuredClone(mesh.serviceScopeConfigs) }
      : {}),
    ...(c.servedApis ? { servedApis: structuredClone(c.servedApis) } : {}),
    ...(c.namespaces ? { namespaces: [...c.namespaces] } : {}),
    services,
  };
}
