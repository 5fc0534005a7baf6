import { z } from "zod";
import { desiredResponseSchema, resourceResultSchema } from "@/lib/agent-protocol/messages";

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
