import { z } from "zod";
import { dnsLabel, isDnsLabel } from "@/lib/agent-protocol/k8s-names";
import {
  ALERT_KINDS,
  ALERT_SEVERITIES,
  ALERT_SOURCE_TYPES,
  ALERT_STATES,
  ROLLUP_STATUSES,
} from "@/lib/model/alert-vocabulary";

// Shapes of GET /api/v1/alerts and GET /api/v1/alerts/summary, shared by the route handlers,
// the pages and the tests.

/** `a,b` → ["a","b"], each checked against the allowed values (named in the 400). */
const listOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .max(200)
    .transform((s) =>
      s
        .split(",")
        .map((v) => v.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(values)).min(1, `expected one or more of ${values.join(", ")}`));

/** `namespace/name`, each an RFC 1123 label. */
const isServiceRef = (v: string) => {
  const [namespace, name, ...rest] = v.split("/");
  return rest.length === 0 && isDnsLabel(namespace ?? "") && isDnsLabel(name ?? "");
};

/** Query of the alerts list and summary; unknown parameters are refused. */
export const alertQuerySchema = z
  .object({
    severity: listOf(ALERT_SEVERITIES).optional(),
    state: listOf(ALERT_STATES).optional(),
    kind: listOf(ALERT_KINDS).optional(),
    globalService: z.string().max(127).refine(isServiceRef, "must be namespace/name").optional(),
    cluster: dnsLabel("cluster").optional(),
  })
  .strict();
export type AlertQuery = z.infer<typeof alertQuerySchema>;
/** The query as it appears in a URL (before parsing). */
export type AlertQueryInput = z.input<typeof alertQuerySchema>;

const isoDate = z.string().datetime({ offset: true });
const serviceRef = z.object({ namespace: z.string(), name: z.string() });
const counts = z.object({
  firing: z.number().int(),
  pending: z.number().int(),
  suppressed: z.number().int(),
});

export const alertSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(ALERT_KINDS),
  severity: z.enum(ALERT_SEVERITIES),
  state: z.enum(ALERT_STATES),
  summary: z.string(),
  description: z.string(),
  labels: z.record(z.string(), z.string()),
  sources: z.array(z.object({ name: z.string(), type: z.enum(ALERT_SOURCE_TYPES) })),
  cluster: z.string().nullable(),
  globalService: serviceRef.nullable(),
  unknownService: z.string().nullable(),
  activeAt: isoDate.nullable(),
  value: z.number().nullable(),
});
export type AlertDto = z.infer<typeof alertSchema>;

export const serviceRollupSchema = serviceRef.extend({
  hostname: z.string(),
  status: z.enum(ROLLUP_STATUSES),
  /** "degraded · 1 of 3 clusters", "outage · all 3 clusters", "at risk". */
  label: z.string(),
  clusters: z.array(z.string()),
  affectedClusters: z.array(z.string()),
  serviceWide: z.boolean(),
  severity: z.enum(ALERT_SEVERITIES),
  counts,
  alertIds: z.array(z.string()),
});
export type ServiceRollupDto = z.infer<typeof serviceRollupSchema>;

export const clusterRollupSchema = z.object({
  cluster: z.string(),
  severity: z.enum(ALERT_SEVERITIES),
  counts,
  alertIds: z.array(z.string()),
});

const sourceError = z.object({ source: z.string(), message: z.string() });
export const alertSourceStatusSchema = z.object({
  name: z.string(),
  type: z.enum(ALERT_SOURCE_TYPES),
  ok: z.boolean(),
  alerts: z.number().int(),
  truncated: z.boolean(),
});

export const alertListSchema = z.object({
  items: z.array(alertSchema),
  /** Per-source failures: the other sources' alerts are still in `items`. */
  errors: z.array(sourceError),
  rollups: z.object({
    services: z.array(serviceRollupSchema),
    clusters: z.array(clusterRollupSchema),
    otherIds: z.array(z.string()),
  }),
  sources: z.array(alertSourceStatusSchema),
  generatedAt: isoDate,
});
export type AlertListDto = z.infer<typeof alertListSchema>;

const bySeverity = z.object(
  Object.fromEntries(ALERT_SEVERITIES.map((s) => [s, z.number().int()])) as Record<
    (typeof ALERT_SEVERITIES)[number],
    z.ZodNumber
  >,
);

export const alertSummarySchema = z.object({
  counts: z.object({
    total: z.number().int(),
    firing: z.number().int(),
    pending: z.number().int(),
    suppressed: z.number().int(),
    bySeverity,
  }),
  services: z.array(
    serviceRef.extend({
      status: z.enum(ROLLUP_STATUSES),
      label: z.string(),
      severity: z.enum(ALERT_SEVERITIES),
      affected: z.number().int(),
      total: z.number().int(),
    }),
  ),
  clusters: z.array(
    z.object({ cluster: z.string(), severity: z.enum(ALERT_SEVERITIES), alerts: z.number().int() }),
  ),
  errors: z.array(sourceError),
  generatedAt: isoDate,
});
export type AlertSummaryDto = z.infer<typeof alertSummarySchema>;
