import { z } from "zod";
import { failoverSchema } from "@/lib/meshes/model";

// The intent API's contract (GET /api/v1/intent, POST /api/v1/plans, /api/v1/change-sets…):
// one schema per shape, used by the route handlers, the UI hooks and the CLI.

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
    namespace: z.string().min(1).max(63),
    name: z.string().min(1).max(63),
    version: z.number().int().min(1),
    exports: clusterList.optional(),
    imports: clusterList.optional(),
    failover: failoverSchema.nullable().optional(),
    trafficWeights: z.record(z.string(), z.number().int().min(0).max(100)).nullable().optional(),
    access: clusterList.nullable().optional(),
  })
  .strict();
export type IntentChange = z.infer<typeof intentChangeSchema>;

export const planRequestSchema = z
  .object({ changes: z.array(intentChangeSchema).min(1).max(1000) })
  .strict();

export const applyRequestSchema = z
  .object({
    changes: z.array(intentChangeSchema).min(1).max(1000),
    title: z.string().trim().min(1).max(200).optional(),
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
export const planDtoSchema = z.object({
  clusters: z.array(
    z.object({
      cluster: z.string(),
      create: z.number().int(),
      change: z.number().int(),
      delete: z.number().int(),
      diff: z.string(),
    }),
  ),
  warnings: z.array(planWarningSchema),
});
export type PlanDto = z.infer<typeof planDtoSchema>;

export const changeSetDtoSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  title: z.string(),
  status: z.enum(["pending", "applied", "failed", "partial", "rolled-back"]),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  rollbackOf: z.number().int().nullable(),
  clusters: z.array(
    z.object({
      cluster: z.string(),
      status: z.enum(["pending", "applied", "failed"]),
      generation: z.number().int(),
      message: z.string(),
      updatedAt: z.string().nullable(),
    }),
  ),
  plan: planDtoSchema.nullable(),
});
export type ChangeSetDto = z.infer<typeof changeSetDtoSchema>;

/** For each consumer cluster, the clusters that would serve it, in order. */
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
