import { z } from "zod";
import { dnsLabel, reportedToken } from "./k8s-names";
import { PG_INT_MAX, storedInt } from "./numbers";
import {
  clusterSnapshotSchema,
  flagDuplicateServices,
  reportedMeshSchema,
  reportedServiceSchema,
  servedApisSchema,
} from "./snapshot";

// The outbound-only agent protocol, shared by Meridian's agent API and the agent itself.
// Paths are relative to the Meridian base URL.

export const AGENT_API = {
  register: "/api/agent/v1/register",
  report: "/api/agent/v1/report",
  desired: "/api/agent/v1/desired",
  desiredStream: "/api/agent/v1/desired/stream",
  status: "/api/agent/v1/status",
} as const;

/** Longest long-poll the server holds open, in seconds. */
export const MAX_WAIT_SECONDS = 60;
/** Largest report body the server reads. */
export const MAX_REPORT_BYTES = 8 * 1024 * 1024;

export const agentInfoSchema = z
  .object({
    version: reportedToken("agent version", 64),
    hostname: reportedToken("agent hostname", 253).default(""),
    simulated: z.boolean().default(false),
  })
  .strict();

/** POST register: trade a single-use join token for a per-cluster credential. */
export const registerRequestSchema = z
  .object({
    joinToken: z.string().min(10).max(200),
    agent: agentInfoSchema,
    /**
     * SHA-256 (hex) of a credential the agent made itself (newAgentCredential). With it,
     * retrying a registration whose answer was lost succeeds; without it Meridian issues
     * the credential and returns it once.
     */
    credentialHash: z
      .string()
      .regex(/^[0-9a-f]{64}$/, "credentialHash must be a SHA-256 hex digest")
      .optional(),
  })
  .strict();
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const registerResponseSchema = z.object({
  cluster: z.string(),
  /** Only when Meridian issued the credential (no credentialHash in the request). */
  credential: z.string().optional(),
  state: z.enum(["pending", "live", "disabled"]),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

const serviceKeySchema = z
  .object({ namespace: dnsLabel("namespace"), name: dnsLabel("service name") })
  .strict();

/** POST report: a full snapshot on connect, then batched deltas, or a bare heartbeat. */
export const reportSchema = z.discriminatedUnion("kind", [
  z
    .object({
      kind: z.literal("snapshot"),
      agent: agentInfoSchema,
      snapshot: clusterSnapshotSchema,
    })
    .strict(),
  z
    .object({
      kind: z.literal("delta"),
      agent: agentInfoSchema,
      upserts: z.array(reportedServiceSchema).max(5000).default([]),
      deletes: z.array(serviceKeySchema).max(5000).default([]),
      meshes: z.array(reportedMeshSchema).max(5).optional(),
      servedApis: servedApisSchema.optional(),
    })
    .strict()
    .superRefine((delta, ctx) => {
      flagDuplicateServices(
        delta.deletes,
        "deletes",
        ctx,
        flagDuplicateServices(delta.upserts, "upserts", ctx),
      );
    }),
  z.object({ kind: z.literal("heartbeat"), agent: agentInfoSchema }).strict(),
]);
export type Report = z.infer<typeof reportSchema>;

/** A Kubernetes object Meridian owns in a cluster (already carries its managed-by label). */
export const desiredResourceSchema = z
  .object({
    apiVersion: z.string().min(1).max(253),
    kind: z.string().min(1).max(63),
    metadata: z
      .object({
        name: z.string().min(1).max(253),
        namespace: z.string().max(63).optional(),
        labels: z.record(z.string(), z.string()).optional(),
        annotations: z.record(z.string(), z.string()).optional(),
      })
      .passthrough(),
  })
  .passthrough();
export type DesiredResource = z.infer<typeof desiredResourceSchema>;

/** The generation an agent already has (-1: none yet, send whatever is current). */
const afterGeneration = z.coerce.number().int().min(-1).max(PG_INT_MAX).default(-1);
/** The plane epoch of the generation the agent has (absent: an agent from before epochs). */
const agentEpoch = z
  .string()
  .regex(/^[\w.-]{1,100}$/)
  .optional();

/**
 * GET desired?after=N&epoch=E&wait=S → 200 with the current desired state when it is not the
 * one the agent has ({@link isOtherDesired}), or 204 when that did not happen in time.
 */
export const desiredQuerySchema = z
  .object({
    after: afterGeneration,
    epoch: agentEpoch,
    wait: z.coerce.number().int().min(0).max(MAX_WAIT_SECONDS).default(30),
  })
  .strict();

/**
 * GET desired/stream?after=N → a server-sent event stream: a `desired` event (data: a
 * {@link desiredResponseSchema} document) whenever the generation is newer than the last one
 * sent (starting with N), comment lines as keep-alives every {@link STREAM_KEEP_ALIVE_SECONDS},
 * and the end of the stream after {@link STREAM_MAX_SECONDS} or when the credential is revoked
 * (the agent reconnects; a revoked credential then gets its 401).
 */
export const desiredStreamQuerySchema = z
  .object({ after: afterGeneration, epoch: agentEpoch })
  .strict();
export const DESIRED_EVENT = "desired";
export const STREAM_KEEP_ALIVE_SECONDS = 20;
export const STREAM_MAX_SECONDS = 600;

export const desiredResponseSchema = z.object({
  /**
   * The plane's epoch: it changes when the plane's database is restored from a backup or reset,
   * so generation numbers of two epochs are never compared (empty from a plane before epochs).
   */
  epoch: z.string().max(100).default(""),
  generation: z.number().int(),
  contentHash: z.string(),
  resources: z.array(desiredResourceSchema),
});
export type DesiredResponse = z.infer<typeof desiredResponseSchema>;

/** What an agent has applied: a generation (-1: nothing yet) of an epoch. */
export type AgentDesiredPosition = { generation: number; epoch?: string | undefined };

/**
 * Whether `desired` is not what the agent has, so it must be sent: the agent has nothing yet,
 * another epoch (a restored or reset plane), or another generation — an older one, or a newer
 * one than the plane's own (issue 37.7: a plane behind its agents answered 204 until its counter
 * passed theirs, leaving every long-running agent on its old configuration, silently).
 */
export function isOtherDesired(
  desired: Pick<DesiredResponse, "generation" | "epoch">,
  has: AgentDesiredPosition,
): boolean {
  if (has.generation < 0) return true;
  if (has.epoch && desired.epoch && has.epoch !== desired.epoch) return true;
  return desired.generation !== has.generation;
}

export const RESOURCE_RESULTS = [
  "applied",
  "unchanged",
  "pruned",
  "conflict",
  "invalid",
  "crd-missing",
  "error",
  // Applied, then changed or deleted by someone else since (the agent's drift check).
  "drifted",
] as const;
export type ResourceResultKind = (typeof RESOURCE_RESULTS)[number];

/**
 * Results that mean the apply itself succeeded. A drifted object was applied; what changed it
 * afterwards is not a failed apply (the change set stays applied), but it is shown and alerted on.
 */
export const APPLY_SUCCEEDED: ReadonlySet<ResourceResultKind> = new Set([
  "applied",
  "unchanged",
  "pruned",
  "drifted",
]);

/**
 * Condition types the agent reads back from a ServiceExport's status (sigs.k8s.io/mcs-api):
 * Accepted, Exported and Conflicted (v1beta1), and the deprecated Valid, Ready and Conflict.
 */
export const SERVICE_EXPORT_CONDITIONS = [
  "Accepted",
  "Exported",
  "Conflicted",
  "Valid",
  "Ready",
  "Conflict",
] as const;

/** One status condition of an applied object, as the agent reads it back. */
export const resourceConditionSchema = z
  .object({
    type: z.enum(SERVICE_EXPORT_CONDITIONS),
    status: z.enum(["True", "False", "Unknown"]),
    reason: z.string().max(1024).default(""),
    message: z.string().max(1000).default(""),
  })
  .strict();
export type ResourceCondition = z.infer<typeof resourceConditionSchema>;

/** True when a ServiceExport's conditions say its export conflicts with another cluster's. */
export function exportConflicted(conditions: readonly ResourceCondition[] | undefined): boolean {
  return (conditions ?? []).some(
    (c) => (c.type === "Conflicted" || c.type === "Conflict") && c.status === "True",
  );
}

export const resourceResultSchema = z
  .object({
    apiVersion: z.string().max(253),
    kind: z.string().max(63),
    namespace: z.string().max(63).default(""),
    name: z.string().max(253),
    result: z.enum(RESOURCE_RESULTS),
    message: z.string().max(2000).default(""),
    /** ServiceExports: the MCS controller's status conditions, when it has set any. */
    conditions: z.array(resourceConditionSchema).max(SERVICE_EXPORT_CONDITIONS.length).optional(),
  })
  .strict();
export type ResourceResult = z.infer<typeof resourceResultSchema>;

/** POST status: the generation the agent has applied and what happened to each resource. */
export const statusReportSchema = z
  .object({
    generation: storedInt(0),
    results: z.array(resourceResultSchema).max(20_000),
  })
  .strict();
export type StatusReport = z.infer<typeof statusReportSchema>;

/** Label every Meridian-owned object carries; the agent prunes only objects with it. */
export const MANAGED_BY_LABEL = "app.kubernetes.io/managed-by";
export const MANAGED_BY_VALUE = "meridian";
/** Field manager for server-side apply. */
export const FIELD_MANAGER = "meridian-agent";

/**
 * Annotation saying how much of an object Meridian owns: absent = the whole object (created,
 * labelled managed-by=meridian, pruned by deleting it); "fields" = someone else's object
 * (a user's Service, a Link made by `linkerd multicluster link`) on which Meridian only
 * server-side-applies its own fields and never sets the managed-by label, which the owner
 * (e.g. Helm) holds.
 */
export const OWNERSHIP_ANNOTATION = "meridian.dev/ownership";

/** True when Meridian owns the whole object (as opposed to a few fields of it). */
export function ownsWholeObject(r: Pick<DesiredResource, "metadata">): boolean {
  return r.metadata.annotations?.[OWNERSHIP_ANNOTATION] !== "fields";
}
