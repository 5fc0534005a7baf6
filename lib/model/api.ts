import { z } from "zod";
import { desiredResourceSchema } from "@/lib/agent-protocol/messages";
import { ROLES, userSchema } from "@/lib/model/inventory";

// Shapes of the API's envelope and of the few answers that have no aggregate of their own:
// the error body every failure carries, who the caller is, health, and small request bodies.

/** Every failure: `{ error: { code, message, details? } }` (details: the invalid fields of a 400). */
export const apiErrorSchema = z.object({
  error: z.object({
    /** Stable, machine-readable: `invalid_input`, `not_found`, `conflict`, `forbidden`, … */
    code: z.string(),
    /** Safe to show; never a stack trace, token or connection string. */
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** GET /api/v1/me: who the caller is (never the credential). */
export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  /** How the caller signed in: a browser session or a personal API token. */
  via: z.enum(["session", "token"]),
});
export type Me = z.infer<typeof meSchema>;

/** GET /api/v1/users. */
export const userListSchema = z.object({ items: z.array(userSchema) });

/** GET /api/healthz: liveness and database reachability. */
export const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.object({ reachable: z.boolean(), latencyMs: z.number().optional() }),
});

/** PUT /api/v1/clusters/{name}/desired: the complete set of resources Meridian wants there. */
export const desiredPutSchema = z
  .object({ resources: z.array(desiredResourceSchema).max(20_000) })
  .strict();

/** POST /api/v1/clusters/{name}/join-tokens (optional body): how long the token lives. */
export const joinTokenRequestSchema = z
  .object({ ttlHours: z.number().int().min(1).max(168).optional() })
  .strict();

/** POST /api/agent/v1/report: what the report changed in the inventory. */
export const reportAcceptedSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int(),
});
