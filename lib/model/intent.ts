import { resourceConditionSchema } from "@/lib/agent-protocol/messages";
import { z } from "zod";
import { dnsLabel } from "@/lib/agent-protocol/k8s-names";
import { storedInt } from "@/lib/agent-protocol/numbers";
import { failoverSchema, meshSchema } from "@/lib/meshes/kit/fleet-input";
import { pageQueryShape } from "@/lib/model/paging";

// The intent API's contract (GET /api/v1/intent, POST /api/v1/plans, /api/v1/change-sets…):
// one schema per shape, used by the route handlers, the UI hooks and the CLI. Stable: fields
// are only ever added. Cluster names inside lists are checked against the inventory by the
// server (422 with the offending name), not here, so the message can say which one is wrong.

const clusterList = z.array(z.string().max(253)).max(5000);

/** One global service's sharing and failover intent, with the version an edit must name. */
export const intentDtoSchema = z.object({
  namespace: z.string(),
  name: z.string(),
  hostname: z.string(),
  version: z.number().int(),
  exports: z.array(z.string()),
  imports: z.array(z.string()),
  failover: failoverSchema.nullable(),
  trafficWeights: z.record(z.string(), z.number()).nullable(),
  access: z.array(z.string()).nullable(),
});
export type IntentDto = z.infer<typeof intentDtoSchema>;

/** A proposed change to one global service: the fields to set, and the version it was read at. */
export const intentChangeSchema = z
  .object({
    namespace: dnsLabel("namespace"),
    name: dnsLabel("name"),
    /** The version the editor read (IntentDto.version); anything newer on the server is a 409. */
    version: storedInt(1),
    exports: clusterList.optional(),
    imports: clusterList.optional(),
    failover: failoverSchema.nullable().optional(),
    trafficWeights: z.record(z.string(), z.number().int().min(0).max(100)).nullable().optional(),
    access: clusterList.nullable().optional(),
  })
  .strict();
export type IntentChange = z.infer<typeof intentChangeSchema>;

/** GET /api/v1/intent?namespace=&name=&limit=&cursor= — filters and keyset paging. */
export const intentQuerySchema = z
  .object({
    namespace: dnsLabel("namespace").optional(),
    name: dnsLabel("name").optional(),
    limit: z.coerce.number().int().min(1).max(1000).default(1000),
    /** `nextCursor` of the previous page (`namespace/name` of its last item). */
    cursor: z
      .string()
      .regex(/^[a-z0-9-]{1,63}\/[a-z0-9-]{1,63}$/, "cursor must be a nextCursor value")
      .optional(),
  })
  .strict();
export type IntentQuery = z.infer<typeof intentQuerySchema>;

/** One page of intent; `nextCursor` is null on the last page. */
export const intentListSchema = z.object({
  items: z.array(intentDtoSchema),
  nextCursor: z.string().nullable(),
});
export type IntentList = z.infer<typeof intentListSchema>;

export const planRequestSchema = z
  .object({ changes: z.array(intentChangeSchema).min(1).max(1000) })
  .strict();

export const applyRequestSchema = z
  .object({
    changes: z.array(intentChangeSchema).min(1).max(1000),
    title: z.string().trim().min(1).max(200).optional(),
    // Apply although the plan has errors (traffic would fail); recorded in the audit event.
    acceptErrors: z.boolean().optional(),
  })
  .strict();

export const planWarningSchema = z.object({
  severity: z.enum(["error", "warning", "info"]),
  code: z.string(),
  message: z.string(),
  cluster: z.string().optional(),
  globalService: z.string().optional(),
});

/** What a change would do: per affected cluster the counts and a readable YAML diff. */
export type PlanWarning = z.infer<typeof planWarningSchema>;

/** Resource ids as `group/Kind/namespace/name` (lib/meshes resourceKey; core group empty). */
const resourceIds = z.array(z.string());

/** What a change would do: per affected cluster the counts and a readable YAML diff. */
export const planClusterSchema = z.object({
  cluster: z.string(),
  /** The cluster's mesh, whose translator produced the resources ("none" = plain MCS API). */
  mesh: meshSchema,
  create: z.number().int(),
  change: z.number().int(),
  delete: z.number().int(),
  /** The ids behind the three counts, in the same order as the diff. */
  resources: z.object({ create: resourceIds, change: resourceIds, delete: resourceIds }),
  /** Unified YAML diff: `+`/`-` lines, one `---` between resources. */
  diff: z.string(),
});
export type PlanCluster = z.infer<typeof planClusterSchema>;

/** Warnings are those about the changed services (and the clusters they touch), sorted. */
export const planDtoSchema = z.object({
  clusters: z.array(planClusterSchema),
  warnings: z.array(planWarningSchema),
});
export type PlanDto = z.infer<typeof planDtoSchema>;

/** Overall status: rolled up from the clusters as their agents acknowledge the generation. */
export const changeSetStatusSchema = z.enum([
  "pending",
  "applied",
  "failed",
  "partial",
  "rolled-back",
]);
export type ChangeSetStatus = z.infer<typeof changeSetStatusSchema>;

export const changeSetDtoSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  title: z.string(),
  status: changeSetStatusSchema,
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  /** Number of the change set this one rolls back, or null. */
  rollbackOf: z.number().int().nullable(),
  /** `intent`: sharing and failover (can be rolled back); `hostnames`: a new global suffix. */
  kind: z.enum(["intent", "hostnames"]),
  /** `namespace/name` of every global service it changed (or, for `hostnames`, renamed). */
  services: z.array(z.string()),
  clusters: z.array(
    z.object({
      cluster: z.string(),
      status: z.enum(["pending", "applied", "failed"]),
      /** The desired generation that carries this change; applied once the agent reports ≥ it. */
      generation: z.number().int(),
      /** Why it failed, from the API server's per-resource results ("" otherwise). */
      message: z.string(),
      updatedAt: z.string().nullable(),
      /**
       * The cluster's ServiceExports of the changed services with the conditions their MCS
       * controller set, as the agent last read them back (one change set, newest state).
       */
      exportConditions: z
        .array(z.object({ service: z.string(), conditions: z.array(resourceConditionSchema) }))
        .optional(),
    }),
  ),
  plan: planDtoSchema.nullable(),
});
export type ChangeSetDto = z.infer<typeof changeSetDtoSchema>;

/** GET /api/v1/change-sets?limit=&cursor= — newest first; `nextCursor` null on the last page. */
export const changeSetListSchema = z.object({
  items: z.array(changeSetDtoSchema),
  nextCursor: z.string().nullable().default(null),
});

/** GET /api/v1/change-sets query: a page size and the previous page's `nextCursor`. */
export const changeSetQuerySchema = z.object(pageQueryShape(500, 100, "int")).strict();

/**
 * For each consumer cluster, the clusters that could serve it in priority order: its own
 * instance first (tier 0, `local`), then the failover tiers (1, 2, …; without failover every
 * exporter is tier 1). Traffic goes to the first tier with a `healthy` member; unhealthy
 * members (stale cluster or no ready endpoint) are skipped.
 */
export const servingDtoSchema = z.object({
  consumers: z.array(
    z.object({
      cluster: z.string(),
      servedBy: z.array(
        z.object({
          cluster: z.string(),
          tier: z.number().int(),
          healthy: z.boolean(),
          endpoints: z.object({ ready: z.number().int(), total: z.number().int() }),
          weight: z.number().int().optional(),
          local: z.boolean(),
        }),
      ),
    }),
  ),
});
export type ServingDto = z.infer<typeof servingDtoSchema>;

/** GET|PUT /api/v1/settings/global-hostname — the suffix of every global service's hostname. */
export const globalHostnameSettingSchema = z
  .object({
    /** `global` → `<name>.<namespace>.global`; `clusterset` → `<name>.<namespace>.svc.clusterset.local`. */
    suffix: z.enum(["global", "clusterset"]),
  })
  .strict();
export type GlobalHostnameSetting = z.infer<typeof globalHostnameSettingSchema>;

/** PUT answer: the suffix now in force and the change set that renamed the hosts (null if none). */
export const globalHostnameResultSchema = globalHostnameSettingSchema.extend({
  changeSet: changeSetDtoSchema.nullable(),
});
export type GlobalHostnameResult = z.infer<typeof globalHostnameResultSchema>;

/**
 * `error.details` of a 409 `rollback_stale` (POST /api/v1/change-sets/{id}/rollback): the
 * services whose intent moved on since the change set, the change sets in between, and
 * `restore`, the changes (at today's versions) that plan a rollback to the state before it.
 */
export const rollbackStaleDetailsSchema = z.object({
  target: z.number().int(),
  services: z.array(z.string()),
  changeSets: z.array(
    z.object({ number: z.number().int(), title: z.string(), createdAt: z.string() }),
  ),
  restore: z.array(intentChangeSchema),
});
export type RollbackStaleDetails = z.infer<typeof rollbackStaleDetailsSchema>;

/** `error.details` of a 409 on a stale plan: who changed the service last, where and when. */
export const lastChangeDetailsSchema = z.object({
  lastChange: z.object({
    changeSet: z.number().int(),
    by: z.string().nullable(),
    at: z.string(),
  }),
});
