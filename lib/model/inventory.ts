import { resourceConditionSchema } from "@/lib/agent-protocol/messages";
import { z } from "zod";
import { MESH_TYPES, SERVICE_TYPES, servicePortSchema } from "@/lib/agent-protocol/snapshot";
import { dnsLabel, plainText, qualifiedLabelMap } from "@/lib/model/names";
import { storedInt } from "@/lib/agent-protocol/numbers";

// One schema per shape, shared by the route handlers, the pages and the tests.

export const ROLES = ["viewer", "operator", "admin"] as const;
export type RoleName = (typeof ROLES)[number];

export const CLUSTER_KINDS = ["kubernetes", "vm-site"] as const;
export const CLUSTER_STATES = ["pending", "live", "disabled"] as const;
export const AGENT_STATUSES = ["connected", "stale", "pending", "never"] as const;

const isoDate = z.string().datetime({ offset: true });
const counts = z.object({ ready: z.number().int(), total: z.number().int() });

export const meshSchema = z.object({
  type: z.enum(MESH_TYPES),
  version: z.string(),
  trustDomain: z.string(),
  rootCaFingerprint: z.string(),
});
export type MeshDto = z.infer<typeof meshSchema>;

export const agentStatusSchema = z.object({
  status: z.enum(AGENT_STATUSES),
  version: z.string(),
  lastReportAt: isoDate.nullable(),
});

export const clusterSummarySchema = z.object({
  name: z.string(),
  displayName: z.string(),
  provider: z.string(),
  region: z.string(),
  zone: z.string(),
  network: z.string(),
  kind: z.enum(CLUSTER_KINDS),
  /** A VM site's host: the Kubernetes cluster whose mesh its workloads join; absent = none named. */
  hostCluster: z.string().optional(),
  labels: z.record(z.string(), z.string()),
  state: z.enum(CLUSTER_STATES),
  simulated: z.boolean(),
  /** Last report from the cluster's agent; null when it never reported. */
  lastSeenAt: isoDate.nullable(),
  /** True when the agent has been silent past the stale threshold: counts are last known. */
  stale: z.boolean(),
  meshes: z.array(meshSchema),
  serviceCount: z.number().int(),
  endpoints: counts,
  agent: agentStatusSchema,
  version: z.number().int(),
  createdAt: isoDate,
});
export type ClusterSummary = z.infer<typeof clusterSummarySchema>;

export const serviceSchema = z.object({
  cluster: z.string(),
  namespace: z.string(),
  name: z.string(),
  type: z.enum(SERVICE_TYPES),
  ports: z.array(servicePortSchema),
  labels: z.record(z.string(), z.string()),
  endpoints: counts,
  endpointsByZone: z.record(z.string(), counts),
  globalHostname: z.string(),
  updatedAt: isoDate,
});
export type ServiceDto = z.infer<typeof serviceSchema>;

export const clusterDetailSchema = clusterSummarySchema.extend({
  services: z.array(serviceSchema),
});
export type ClusterDetail = z.infer<typeof clusterDetailSchema>;

export const globalServiceMemberSchema = z.object({
  cluster: z.string(),
  displayName: z.string(),
  region: z.string(),
  meshes: z.array(z.enum(MESH_TYPES)),
  type: z.enum(SERVICE_TYPES),
  endpoints: counts,
  stale: z.boolean(),
  exported: z.boolean(),
  imported: z.boolean(),
  /** The ServiceExport's conditions as the cluster's agent last read them (MCS API only). */
  exportConditions: z.array(resourceConditionSchema).optional(),
  /** True when the member is a VM site (hosts outside Kubernetes); absent for a cluster. */
  site: z.boolean().optional(),
});

export const HEALTH = ["healthy", "degraded", "down", "unknown"] as const;

export const globalServiceSchema = z.object({
  id: z.string(),
  namespace: z.string(),
  name: z.string(),
  hostname: z.string(),
  clusters: z.array(globalServiceMemberSchema),
  /** Clusters that import it, whether or not they run it themselves. */
  importers: z.array(z.string()).optional(),
  endpoints: counts,
  health: z.enum(HEALTH),
});
export type GlobalServiceDto = z.infer<typeof globalServiceSchema>;

export const overviewSchema = z.object({
  counts: z.object({
    clusters: z.number().int(),
    meshes: z.number().int(),
    services: z.number().int(),
    globalServices: z.number().int(),
    staleClusters: z.number().int(),
    pendingClusters: z.number().int(),
  }),
  regions: z.array(z.object({ region: z.string(), clusters: z.array(clusterSummarySchema) })),
});
export type OverviewDto = z.infer<typeof overviewSchema>;

/**
 * What the Overview page shows: the counts, each region's totals with a few of its clusters
 * (those needing attention first), and the first stale clusters with their total.
 */
export type OverviewPageDto = {
  counts: OverviewDto["counts"];
  /** VM sites among the clusters. */
  sites: number;
  regions: {
    region: string;
    clusterCount: number;
    siteCount: number;
    staleCount: number;
    /** At most a few: the rest are on the clusters list. */
    clusters: ClusterSummary[];
  }[];
  stale: { total: number; clusters: ClusterSummary[] };
};

/** Partial results are first-class: items plus per-source errors. */
export const listOf = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    items: z.array(item),
    errors: z.array(z.object({ source: z.string(), message: z.string() })),
  });

/** GET /api/v1/global-services. */
export const globalServiceListSchema = listOf(globalServiceSchema);

// ─── Inputs ────────────────────────────────────────────────────────────────────

const shortText = (what: string) => plainText(what, 100);

export const clusterCreateSchema = z
  .object({
    name: dnsLabel("cluster name"),
    displayName: shortText("displayName").optional(),
    provider: shortText("provider").optional(),
    region: dnsLabel("region"),
    zone: z.union([dnsLabel("zone"), z.literal("")]).optional(),
    network: z.union([dnsLabel("network"), z.literal("")]).optional(),
    kind: z.enum(CLUSTER_KINDS).optional(),
    /** A VM site's host cluster (its WorkloadEntries or ExternalWorkloads are written there). */
    hostCluster: dnsLabel("hostCluster").optional(),
    labels: qualifiedLabelMap.optional(),
  })
  .strict()
  .refine((c) => !c.hostCluster || c.kind === "vm-site", {
    path: ["hostCluster"],
    message: "only a VM site (kind vm-site) has a host cluster",
  });
export type ClusterCreateInput = z.infer<typeof clusterCreateSchema>;

export const clusterUpdateSchema = z
  .object({
    version: storedInt(1),
    displayName: shortText("displayName").optional(),
    provider: shortText("provider").optional(),
    region: dnsLabel("region").optional(),
    zone: z.union([dnsLabel("zone"), z.literal("")]).optional(),
    network: z.union([dnsLabel("network"), z.literal("")]).optional(),
    /** A VM site's host cluster; "" = none. */
    hostCluster: z.union([dnsLabel("hostCluster"), z.literal("")]).optional(),
    labels: qualifiedLabelMap.optional(),
    state: z.enum(["live", "disabled"]).optional(),
  })
  .strict();
export type ClusterUpdateInput = z.infer<typeof clusterUpdateSchema>;

export const globalServiceQuerySchema = z
  .object({
    q: z.string().max(100).optional(),
    cluster: z.string().max(63).optional(),
    namespace: z.string().max(63).optional(),
    mesh: z.enum(MESH_TYPES).optional(),
    /** Only services that run in more than one cluster. */
    multiCluster: z.enum(["true", "false"]).optional(),
  })
  .strict();
export type GlobalServiceQuery = z.infer<typeof globalServiceQuerySchema>;

export const apiTokenCreateSchema = z
  .object({
    name: plainText("name", 80).pipe(z.string().min(1, "name must not be empty")),
    /** Days until it expires: absent = {@link DEFAULT_TOKEN_EXPIRY_DAYS}; null = never (explicit). */
    expiresInDays: z.number().int().min(1).max(365).nullable().optional(),
  })
  .strict();

/** A token created without an expiry expires after this many days ("never" must be asked for). */
export const DEFAULT_TOKEN_EXPIRY_DAYS = 90;

export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  createdAt: isoDate,
  lastUsedAt: isoDate.nullable(),
  expiresAt: isoDate.nullable(),
  revokedAt: isoDate.nullable(),
});
export type ApiTokenDto = z.infer<typeof apiTokenSchema>;

/** POST /api/v1/tokens: the new token, shown once, and its list entry. */
export const createdApiTokenSchema = z.object({ token: z.string(), item: apiTokenSchema });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

/** GET /api/v1/tokens: the caller's own tokens. */
export const apiTokenListSchema = z.object({ items: z.array(apiTokenSchema) });

const passwordSchema = z.string().min(12, "password must be at least 12 characters").max(256);

export const userCreateSchema = z
  .object({
    email: z.string().email().max(254),
    name: shortText("name").optional(),
    password: passwordSchema,
    role: z.enum(ROLES),
  })
  .strict();

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(ROLES),
  createdAt: isoDate,
  lastLoginAt: isoDate.nullable(),
  /** A disabled user cannot sign in, and their API tokens stop working. */
  disabled: z.boolean(),
  /** Signs in through single sign-on (no password); the provider's groups set the role. */
  sso: z.boolean(),
});
export type UserDto = z.infer<typeof userSchema>;

/**
 * PATCH /api/v1/users/{id}: a new role, disable / enable, or a new password (at least one). A
 * new role or password ends the user's sessions.
 */
export const userUpdateSchema = z
  .object({
    role: z.enum(ROLES).optional(),
    disabled: z.boolean().optional(),
    password: passwordSchema.optional(),
  })
  .strict()
  .refine((u) => u.role !== undefined || u.disabled !== undefined || u.password !== undefined, {
    message: "send role, disabled or password",
  });
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const serviceQuerySchema = z
  .object({
    q: z.string().max(100).optional(),
    cluster: z.string().max(63).optional(),
    namespace: z.string().max(63).optional(),
  })
  .strict();
export type ServiceQuery = z.infer<typeof serviceQuerySchema>;
