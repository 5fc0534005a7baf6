// API schemas for metrics: Prometheus/Alertmanager sources, the SSRF allow-list and the
// golden-signals answer of a global service. One definition each, used by the route
// handlers, the forms and the hooks.
import { z } from "zod";

/** 4, 6 or 0, like node:net isIP, but usable in the browser (the forms share these schemas). */
function ipVersion(addr: string): 0 | 4 | 6 {
  if (/^[0-9]{1,3}(\.[0-9]{1,3}){3}$/.test(addr)) {
    return addr.split(".").every((o) => Number(o) <= 255) ? 4 : 0;
  }
  return addr.includes(":") && /^[0-9a-fA-F:.]+$/.test(addr) && URL.canParse(`http://[${addr}]/`)
    ? 6
    : 0;
}

/**
 * What brings the demo its metrics: Debian's Prometheus and Alertmanager, then the demo again
 * (the README's full set-up line without the `npm ci` already done).
 */
export const DEMO_METRICS_COMMAND =
  "apt-get install -y prometheus prometheus-alertmanager && npm run demo";

export const SOURCE_KINDS = ["prometheus", "alertmanager"] as const;
export const SOURCE_SCOPES = ["global", "cluster"] as const;
export const SOURCE_AUTH_TYPES = ["none", "basic", "bearer"] as const;

/** A source as the API shows it: never a credential, only whether one is set. */
export const metricsSourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(SOURCE_KINDS),
  url: z.string(),
  scope: z.enum(SOURCE_SCOPES),
  clusterName: z.string().nullable(),
  auth: z.enum(SOURCE_AUTH_TYPES),
  hasAuth: z.boolean(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MetricsSourceDto = z.infer<typeof metricsSourceSchema>;

/** GET /api/v1/metrics/sources. */
export const metricsSourceListSchema = z.object({ items: z.array(metricsSourceSchema) });

const sourceName = z
  .string()
  .trim()
  .min(1, "required")
  .max(63)
  .regex(/^[a-zA-Z0-9]([-a-zA-Z0-9_.]*[a-zA-Z0-9])?$/, "letters, digits, -, _ and . only");
const sourceUrl = z
  .string()
  .trim()
  .min(1, "required")
  .max(2048)
  .refine((u) => URL.canParse(u), "not a valid URL");

/** Credentials as written by an admin; write-only. */
export const sourceAuthInputSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("none") }).strict(),
  z
    .object({
      type: z.literal("basic"),
      username: z.string().min(1, "required").max(256),
      password: z.string().min(1, "required").max(4096),
    })
    .strict(),
  z.object({ type: z.literal("bearer"), token: z.string().min(1, "required").max(8192) }).strict(),
]);
export type SourceAuthInput = z.infer<typeof sourceAuthInputSchema>;

const scopeRule = (v: { scope?: string; clusterName?: string | null }, ctx: z.RefinementCtx) => {
  if (v.scope === "cluster" && !v.clusterName) {
    ctx.addIssue({
      code: "custom",
      path: ["clusterName"],
      message: "required for a cluster source",
    });
  }
  if (v.scope === "global" && v.clusterName) {
    ctx.addIssue({ code: "custom", path: ["clusterName"], message: "only for a cluster source" });
  }
};

export const metricsSourceCreateSchema = z
  .object({
    name: sourceName,
    kind: z.enum(SOURCE_KINDS).default("prometheus"),
    url: sourceUrl,
    scope: z.enum(SOURCE_SCOPES).default("global"),
    clusterName: z.string().trim().min(1).max(63).nullish(),
    auth: sourceAuthInputSchema.default({ type: "none" }),
    enabled: z.boolean().default(true),
  })
  .strict()
  .superRefine(scopeRule);
export type MetricsSourceCreateInput = z.infer<typeof metricsSourceCreateSchema>;

/** A partial update; `auth` omitted keeps the stored credentials, `{type:"none"}` clears them. */
export const metricsSourceUpdateSchema = z
  .object({
    name: sourceName.optional(),
    kind: z.enum(SOURCE_KINDS).optional(),
    url: sourceUrl.optional(),
    scope: z.enum(SOURCE_SCOPES).optional(),
    clusterName: z.string().trim().min(1).max(63).nullish(),
    auth: sourceAuthInputSchema.optional(),
    enabled: z.boolean().optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, "nothing to change");
export type MetricsSourceUpdateInput = z.infer<typeof metricsSourceUpdateSchema>;

/** The answer of POST /api/v1/metrics/sources/{id}/test. */
export const sourceTestResultSchema = z.object({
  ok: z.boolean(),
  /** Prometheus version when the source reported one. */
  version: z.string().nullable(),
  latencyMs: z.number(),
  /** Generic text on failure; never a URL, address or port. */
  message: z.string(),
});
export type SourceTestResult = z.infer<typeof sourceTestResultSchema>;

function validAllowEntry(raw: string): boolean {
  const [addr = "", prefix, extra] = raw.split("/");
  if (extra !== undefined) return false;
  const v = ipVersion(addr);
  if (v && prefix === undefined) return true;
  if (v && /^[0-9]{1,3}$/.test(prefix ?? "")) return Number(prefix) <= (v === 4 ? 32 : 128);
  // Hostnames, exact or `*.suffix`.
  return (
    prefix === undefined &&
    /^(\*\.)?[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/.test(addr)
  );
}

/** The SSRF allow-list: private CIDRs, addresses or hostnames admins permit as sources. */
export const allowListSchema = z
  .object({
    entries: z
      .array(
        z
          .string()
          .trim()
          .toLowerCase()
          .max(255)
          .refine(validAllowEntry, "not a CIDR, address or hostname"),
      )
      .max(100),
  })
  .strict();
export type AllowListDto = z.infer<typeof allowListSchema>;

// ─── Golden signals ─────────────────────────────────────────────────────────

export const METRICS_RANGES = ["15m", "1h", "6h", "24h"] as const;
export type MetricsRange = (typeof METRICS_RANGES)[number];

export const serviceMetricsQuerySchema = z
  .object({
    range: z.enum(METRICS_RANGES).default("1h"),
    /** Seconds between points; default depends on the range. */
    step: z.coerce.number().int().min(1).max(3600).optional(),
  })
  .strict();
export type ServiceMetricsQuery = z.infer<typeof serviceMetricsQuerySchema>;

const values = z.array(z.number().nullable());
const signalSeries = z.object({ total: values, byCluster: z.record(z.string(), values) });
export type SignalSeriesDto = z.infer<typeof signalSeries>;

export const GOLDEN_SIGNAL_KEYS = [
  "requestRate",
  "errorRate",
  "errorRatio",
  "p50Ms",
  "p95Ms",
  "p99Ms",
] as const;
export type GoldenSignalKey = (typeof GOLDEN_SIGNAL_KEYS)[number];

const partialError = z.object({ source: z.string(), message: z.string() });

export const serviceMetricsSchema = z.discriminatedUnion("configured", [
  z.object({
    configured: z.literal(false),
    reason: z.enum(["no-sources", "unsupported-mesh"]),
    message: z.string(),
    /** How to turn metrics on in this deployment (e.g. the demo without Prometheus). */
    hint: z.string().nullable(),
  }),
  z.object({
    configured: z.literal(true),
    range: z.enum(METRICS_RANGES),
    /** Unix seconds of the first and last point, and seconds between points. */
    start: z.number(),
    end: z.number(),
    step: z.number(),
    /** rate() window used. */
    window: z.string(),
    timestamps: z.array(z.number()),
    clusters: z.array(z.string()),
    signals: z.object({
      requestRate: signalSeries,
      errorRate: signalSeries,
      errorRatio: signalSeries,
      p50Ms: signalSeries,
      p95Ms: signalSeries,
      p99Ms: signalSeries,
    }),
    /** The total's quantiles are an upper bound (merged from several sources or meshes). */
    approximateQuantiles: z.boolean(),
    sources: z.array(z.object({ name: z.string(), ok: z.boolean() })),
    errors: z.array(partialError),
  }),
]);
export type ServiceMetricsDto = z.infer<typeof serviceMetricsSchema>;
