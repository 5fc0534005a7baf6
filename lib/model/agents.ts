import { z } from "zod";
import {
  RESOURCE_RESULTS,
  desiredResponseSchema,
  resourceResultSchema,
} from "@/lib/agent-protocol/messages";

// Shapes of the cluster-agent endpoints of the REST API (/api/v1/clusters/{name}/...).

/** POST …/join-tokens: a join token and its install command, returned once and never again. */
export const issuedJoinTokenSchema = z.object({
  id: z.string(),
  token: z.string(),
  expiresAt: z.string(),
  installCommand: z.string(),
  /** Why the command may not work where it will be run (e.g. a public URL on localhost). */
  warnings: z.array(z.string()),
});
export type IssuedJoinToken = z.infer<typeof issuedJoinTokenSchema>;

/** DELETE …/agent: what was revoked. */
export const agentRevokedSchema = z.object({
  credentials: z.number().int(),
  joinTokens: z.number().int(),
});

/** One object Meridian pushed to a cluster, with what the agent last reported about it. */
export const clusterObjectSchema = z.object({
  /** `group/Kind/namespace/name` (lib/meshes resourceKey). */
  key: z.string(),
  apiVersion: z.string(),
  kind: z.string(),
  namespace: z.string(),
  name: z.string(),
  /** The change set that last created or changed it; null when written directly (PUT …/desired). */
  changeSet: z.object({ number: z.number().int(), title: z.string() }).nullable(),
  /** The agent's last result for it; `pending` until the agent reports on it. */
  state: z.enum([...RESOURCE_RESULTS, "pending"]),
  /** The agent's message: why it failed, or how it drifted. */
  message: z.string(),
});
export type ClusterObject = z.infer<typeof clusterObjectSchema>;

/** What a cluster shares: the global services it exports (to whom) and imports (from whom). */
export const clusterSharingSchema = z.object({
  exports: z.array(
    z.object({ service: z.string(), hostname: z.string(), to: z.array(z.string()) }),
  ),
  imports: z.array(
    z.object({ service: z.string(), hostname: z.string(), from: z.array(z.string()) }),
  ),
});
export type ClusterSharing = z.infer<typeof clusterSharingSchema>;

/** GET …/desired: what Meridian wants there and what the agent applied. */
export const clusterStateSchema = z.object({
  desired: desiredResponseSchema,
  observed: z
    .object({
      generation: z.number().int(),
      results: z.array(resourceResultSchema),
      reportedAt: z.string(),
    })
    .nullable(),
  /** The desired objects, each with the change set that last wrote it and its applied state. */
  objects: z.array(clusterObjectSchema),
  sharing: clusterSharingSchema,
});
export type ClusterState = z.infer<typeof clusterStateSchema>;

/** GET …/desired?format=: JSON (desired and observed) or the GitOps YAML stream of the desired resources. */
export const clusterDesiredQuerySchema = z.object({
  format: z
    .enum(["json", "yaml"])
    .default("json")
    .meta({ description: "json: desired and observed state; yaml: the resources as applied" }),
});

/** PUT …/desired: the generation now desired, and whether the resources changed. */
export const desiredWrittenSchema = z.object({
  generation: z.number().int(),
  changed: z.boolean(),
});
