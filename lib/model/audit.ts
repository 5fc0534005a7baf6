import { z } from "zod";
import { pageQueryShape, pageSchema } from "@/lib/model/paging";

// The audit trail's contract (GET /api/v1/audit, GET /api/v1/audit/export): who did what to
// which object, when, and from where (a signed-in session, an API token, an agent, Meridian).

const isoDate = z.string().datetime({ offset: true });

/** How the actor reached Meridian. */
export const auditViaSchema = z.enum(["session", "token", "agent", "system"]);
export type AuditVia = z.infer<typeof auditViaSchema>;

const filters = {
  /** Part of the actor's label (an email, `agent@cluster`, `bootstrap`). */
  actor: z.string().trim().min(1).max(254).optional(),
  /** An action (`user.delete`) or its family (`user`). */
  action: z
    .string()
    .regex(/^[a-z_]+(\.[a-z_]+)*$/, "action must look like user or user.delete")
    .max(64)
    .optional(),
  targetType: z
    .string()
    .regex(/^[a-z_]+$/)
    .max(32)
    .optional(),
  via: auditViaSchema.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
};

/** GET /api/v1/audit: filters and cursor paging, newest first. */
export const auditQuerySchema = z
  .object({ ...filters, ...pageQueryShape(200, 50, "bigint") })
  .strict();
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** GET /api/v1/audit/export: the same filters, every match up to the export cap, as a file. */
export const auditExportQuerySchema = z
  .object({ ...filters, format: z.enum(["csv", "json"]).default("csv") })
  .strict();
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;

export const auditEventSchema = z.object({
  id: z.string(),
  at: isoDate,
  via: auditViaSchema,
  actor: z.object({ id: z.string().nullable(), label: z.string() }),
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string() }),
  /** What the action recorded (never a secret). */
  data: z.record(z.string(), z.unknown()),
});
export type AuditEventDto = z.infer<typeof auditEventSchema>;

export const auditPageSchema = pageSchema(auditEventSchema);
export type AuditPage = z.infer<typeof auditPageSchema>;

/** GET /api/v1/audit/export?format=json: every match up to the cap, and whether it was cut. */
export const auditExportJsonSchema = z.object({
  items: z.array(auditEventSchema),
  truncated: z.boolean(),
});

/** The most rows one export carries; narrow the filters for more. */
export const AUDIT_EXPORT_MAX = 10_000;
