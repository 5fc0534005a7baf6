import "server-only";
import { z } from "zod";
import { oidcEnvSchema, refineSignIn } from "@/lib/infra/oidc-env";
import { rateWindowSchema } from "@/lib/infra/promql-params";

/** Server environment, validated once. Secrets never appear in errors. */
const baseSchema = z.object({
  DATABASE_URL: z.string().url().optional(),
  /**
   * The address clusters' agents and people reach Meridian at, when it is not NEXTAUTH_URL
   * (e.g. agents through another ingress): the join command's URL and chart come from it.
   */
  MERIDIAN_PUBLIC_URL: z.string().url().optional(),
  /** Connection pool size; the embedded database needs exactly one connection. */
  MERIDIAN_DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * Inventory reports that may wait for a transaction slot per process; past it a report gets
   * 503 + Retry-After at once (admission control) and its agent retries after that delay.
   */
  MERIDIAN_INVENTORY_QUEUE_MAX: z.coerce.number().int().min(0).max(100_000).default(100),
  /** How long an inventory report may wait for a slot before it is refused with 503 (ms). */
  MERIDIAN_INVENTORY_QUEUE_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
  NEXTAUTH_SECRET: z.string().min(16).optional(),
  /**
   * Key for secrets stored encrypted (metrics source credentials): 32 bytes as base64 or hex.
   * Unset → derived from NEXTAUTH_SECRET (rotating that secret then needs sources re-saved).
   */
  MERIDIAN_SECRET_KEY: z
    .string()
    .regex(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/, "32 bytes as hex or base64")
    .optional(),
  /** Set by `npm run demo`: whether it could start Prometheus for the demo fleet. */
  MERIDIAN_DEMO_METRICS: z.enum(["running", "unavailable"]).optional(),
  /** rate() window for golden signals; ≥ 4× the scrape interval (the demo uses 10s). */
  MERIDIAN_METRICS_WINDOW: rateWindowSchema,
  /** Seconds of agent silence after which a cluster is shown stale. */
  MERIDIAN_STALE_AFTER_SECONDS: z.coerce.number().int().min(5).max(86_400).default(90),
  /** Port of the plain node:http listener serving /api/agent/v1 beside Next (instrumentation.ts). */
  MERIDIAN_AGENT_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  /** Port of the process-metrics listener (GET /metrics, Prometheus format; instrumentation.ts). */
  MERIDIAN_METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  /** Federation (docs/federation.md): the Hamlet DiscoveryService's TLS port; unset = off. */
  MERIDIAN_HAMLET_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  MERIDIAN_HAMLET_HOST: z.string().max(253).optional(),
  /** PEM files of this Meridian's certificate (server and client) and key for Hamlet. */
  MERIDIAN_HAMLET_CERT_FILE: z.string().max(4096).optional(),
  MERIDIAN_HAMLET_KEY_FILE: z.string().max(4096).optional(),
  /**
   * The DNS domain this Meridian publishes its services under to peers
   * (`<name>.<namespace>.<domain>`); a peer admits names only in the domains its admin gave this
   * Meridian. Unset: each service's global hostname, which another Meridian refuses (its own).
   */
  MERIDIAN_HAMLET_DOMAIN: z
    .string()
    .max(200)
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/, "a DNS domain")
    .optional(),
  /** The most services one peer may offer; past it an offer is NACKed. */
  MERIDIAN_HAMLET_MAX_OFFERS_PER_PEER: z.coerce.number().int().min(1).max(100_000).default(1000),
  MERIDIAN_GLOBAL_HOST_STYLE: z.enum(["global", "clusterset"]).default("global"),
  /**
   * Bearer token Prometheus sends to scrape GET /metrics (compared hashed). Unset: nobody may
   * scrape. At least 24 characters, e.g. `openssl rand -base64 32`.
   */
  MERIDIAN_METRICS_TOKEN: z.string().min(24).max(512).optional(),
  /** Failed sign-ins an account may have per window before every attempt is refused. */
  MERIDIAN_SIGNIN_ATTEMPTS: z.coerce.number().int().min(1).max(1000).default(5),
  /** The sign-in limit's window (an address gets 4× the account's attempts in it). */
  MERIDIAN_SIGNIN_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /** Agent registrations one address may attempt per minute (a fleet behind one NAT needs more). */
  MERIDIAN_REGISTER_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  /**
   * Reverse proxies of ours in front of Meridian that append to X-Forwarded-For (per-address
   * limits, lib/api/client-ip.ts). 0: the header is ignored and the TCP peer is the client.
   */
  MERIDIAN_TRUSTED_PROXIES: z.coerce.number().int().min(0).max(10).default(0),
  MERIDIAN_LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
});

/** With single sign-on's variables (lib/infra/oidc-env.ts) and their cross-checks. */
const envSchema = baseSchema.extend(oidcEnvSchema).superRefine(refineSignIn);

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

/** Validate an environment; throws a message that names each bad variable, never its value. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    // The name and what is wrong with it; zod's messages and ours never quote the value.
    const names = parsed.error.issues.map((i) => `${i.path.join(".")} (${i.message})`).join(", ");
    throw new Error(`Invalid environment variables: ${names}`);
  }
  return parsed.data;
}

/** The validated environment of this process, parsed once. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
