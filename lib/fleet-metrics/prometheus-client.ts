// Prometheus HTTP API client: /api/v1/query and /api/v1/query_range, with timeouts, a
// per-source concurrency limit, a short TTL cache and redirect refusal.
// https://prometheus.io/docs/prometheus/latest/querying/api/
import { planeMetrics } from "@/lib/infra/plane-metrics/registry";
import { Semaphore } from "@/lib/infra/semaphore";
import { ResponseTooLargeError } from "@/lib/fleet-metrics/pinned-fetch";
import { ApiResponseSchema, type QueryData } from "@/lib/fleet-metrics/prometheus-schema";
import { SsrfError } from "@/lib/fleet-metrics/ssrf-guard";

/** Credentials for a source. Sent as an Authorization header; never logged or echoed. */
export type SourceAuth =
  { type: "basic"; username: string; password: string } | { type: "bearer"; token: string };

/** A Prometheus-compatible endpoint (per-cluster Prometheus, federating Prometheus, Thanos). */
export interface PrometheusSource {
  /** Display name used in errors, e.g. `east-1` or `global`. */
  name: string;
  /** Base URL; API paths are resolved under it, so path prefixes (`/prometheus/`) work. */
  url: string;
  /** For a per-cluster source: the cluster its series belong to (they carry no `cluster` label). */
  cluster?: string;
  auth?: SourceAuth;
}

/** What went wrong, coarse enough to show an operator without leaking the endpoint. */
export type QueryErrorKind =
  | "timeout"
  | "unreachable"
  | "redirect"
  | "http"
  | "invalid-response"
  | "prometheus"
  | "limit"
  | "refused";

/** A failed query. The message names the source, never its URL, host, port or credentials. */
export class PrometheusQueryError extends Error {
  constructor(
    readonly source: string,
    readonly kind: QueryErrorKind,
    detail: string,
  ) {
    super(`source ${source} failed: ${detail}`);
    this.name = "PrometheusQueryError";
  }
}

/** A successful query: the data plus any warnings Prometheus returned. */
export interface QueryResult {
  data: QueryData;
  warnings: string[];
}

/** Options for {@link createPrometheusClient}. */
export interface PrometheusClientOptions {
  /** Per-request timeout (default 5 s). */
  timeoutMs?: number;
  /** Concurrent requests per source (default 4). */
  concurrency?: number;
  /** TTL of cached results and the width of the instant-query time bucket (default 5 s; 0 disables). */
  cacheTtlMs?: number;
  /** Called before each request, e.g. `createSsrfGuard().check`; a rejection refuses the query. */
  checkUrl?: (url: string) => Promise<unknown>;
  fetch?: typeof fetch;
  now?: () => number;
}

/** Range query parameters; times in Unix seconds, step in seconds. */
export interface RangeParams {
  start: number;
  end: number;
  step: number;
}

/** The client API. */
export interface PrometheusClient {
  query(source: PrometheusSource, promql: string, opts?: { time?: number }): Promise<QueryResult>;
  queryRange(source: PrometheusSource, promql: string, range: RangeParams): Promise<QueryResult>;
  /**
   * GET another read path (e.g. `api/v1/alerts`, Alertmanager's `api/v2/alerts`) under the
   * same deadline, per-source limit, redirect refusal and error rules; `parse` validates the
   * JSON body (return null to reject it as an invalid response). Not cached.
   */
  getJson<T>(
    source: PrometheusSource,
    path: string,
    parse: (body: unknown, status: number) => T | null,
    params?: URLSearchParams,
  ): Promise<T>;
}

/** Longest range Meridian will ask for. */
export const MAX_RANGE_SECONDS = 7 * 24 * 3600;
// Prometheus rejects end-start > 11000*step: "exceeded maximum resolution of 11,000
// points per timeseries" (web/api/v1/api.go queryRange).
const MAX_POINTS = 11_000;

/** Validates range parameters the way Prometheus would, before anything is sent. */
export function validateRange(range: RangeParams): string | null {
  const { start, end, step } = range;
  if (![start, end, step].every(Number.isFinite)) return "range times must be finite numbers";
  if (end < start) return "range end is before its start";
  if (step <= 0) return "step must be positive";
  if (end - start > MAX_RANGE_SECONDS) return "range longer than 7 days";
  if ((end - start) / step > MAX_POINTS) return "step too small: more than 11000 points";
  return null;
}

function authHeader(auth: SourceAuth): string {
  return auth.type === "bearer"
    ? `Bearer ${auth.token}`
    : `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString("base64")}`;
}

/** Creates a client. Sources are passed per call so one client serves every source. */
export function createPrometheusClient(options: PrometheusClientOptions = {}): PrometheusClient {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const ttl = options.cacheTtlMs ?? 5_000;
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const limits = new Map<string, Semaphore>();
  const cache = new Map<string, { expires: number; value: Promise<QueryResult> }>();

  const semaphore = (source: PrometheusSource): Semaphore => {
    const key = `${source.name}\n${source.url}`;
    let s = limits.get(key);
    if (!s) limits.set(key, (s = new Semaphore(options.concurrency ?? 4)));
    return s;
  };

  function send(
    source: PrometheusSource,
    path: string,
    params: URLSearchParams,
  ): Promise<QueryResult> {
    return request(source, path, params, (body, status, fail) => {
      const parsed = ApiResponseSchema.safeParse(body);
      if (!parsed.success) {
        throw fail(
          status >= 400 ? "http" : "invalid-response",
          `invalid response (HTTP ${status})`,
        );
      }
      if (parsed.data.status === "error") {
        throw fail("prometheus", `${parsed.data.errorType}: ${parsed.data.error}`);
      }
      return { data: parsed.data.data, warnings: parsed.data.warnings ?? [] };
    });
  }

  /** {@link requestOnce} timed and counted per source (meridian_prometheus_query_*). */
  async function request<T>(...args: Parameters<typeof requestOnce<T>>): Promise<T> {
    const metrics = planeMetrics();
    const source = args[0].name;
    const end = metrics.prometheusDuration.labels(source).startTimer();
    try {
      return await requestOnce(...args);
    } catch (err) {
      const kind = err instanceof PrometheusQueryError ? err.kind : "internal";
      metrics.prometheusErrors.labels(source, kind).inc();
      throw err;
    } finally {
      end();
    }
  }

  async function requestOnce<T>(
    source: PrometheusSource,
    path: string,
    params: URLSearchParams,
    parse: (
      body: unknown,
      status: number,
      fail: (kind: QueryErrorKind, detail: string) => PrometheusQueryError,
    ) => T,
  ): Promise<T> {
    const fail = (kind: QueryErrorKind, detail: string) =>
      new PrometheusQueryError(source.name, kind, detail);
    let url: URL;
    try {
      url = new URL(path, source.url.endsWith("/") ? source.url : `${source.url}/`);
    } catch {
      throw fail("refused", "invalid source URL");
    }
    url.search = params.toString();
    if (options.checkUrl) {
      try {
        await options.checkUrl(source.url);
      } catch {
        throw fail("refused", "source URL not allowed");
      }
    }
    const headers: Record<string, string> = { Accept: "application/json" };
    if (source.auth) headers.Authorization = authHeader(source.auth);

    // One deadline for queueing and the request: a source stuck behind its own
    // concurrency limit times out like a slow one.
    const signal = AbortSignal.timeout(timeoutMs);
    const queued = () => fail("timeout", "timeout");
    return semaphore(source)
      .run(async () => {
        let body: unknown;
        let status: number;
        try {
          const res = await doFetch(url, {
            headers,
            // A redirect could point the server at an internal address the SSRF guard never
            // saw; undici returns the 3xx as-is with "manual" and we refuse it.
            redirect: "manual",
            signal,
          });
          status = res.status;
          if (res.type === "opaqueredirect" || (status >= 300 && status < 400)) {
            await res.body?.cancel();
            throw fail("redirect", "redirects are not followed");
          }
          // Prometheus answers errors (400 bad_data, 422 execution, 503 timeout) with the
          // JSON envelope too, so try JSON first whatever the status.
          const text = await res.text();
          try {
            body = JSON.parse(text);
          } catch {
            throw fail(status >= 400 ? "http" : "invalid-response", `HTTP ${status}`);
          }
        } catch (err) {
          if (err instanceof PrometheusQueryError) throw err;
          // The pinned fetch re-checks every request: a host that now resolves elsewhere.
          if (err instanceof SsrfError) throw fail("refused", "source URL not allowed");
          if (err instanceof ResponseTooLargeError) throw fail("limit", "response too large");
          const name = (err as { name?: string }).name;
          if (name === "TimeoutError" || name === "AbortError") throw fail("timeout", "timeout");
          // Undici's messages may contain the address; keep only a generic word.
          throw fail("unreachable", "unreachable");
        }
        return parse(body, status, fail);
      }, signal)
      .catch((err: unknown) => {
        // Only the semaphore rejects with something else: the deadline passed in the queue.
        throw err instanceof PrometheusQueryError ? err : queued();
      });
  }

  function cached(key: string, load: () => Promise<QueryResult>): Promise<QueryResult> {
    if (ttl <= 0) return load();
    const t = now();
    for (const [k, v] of cache) if (v.expires <= t) cache.delete(k);
    const hit = cache.get(key);
    if (hit) return hit.value;
    const value = load();
    cache.set(key, { expires: t + ttl, value });
    // Never cache failures: the next refresh retries.
    value.catch(() => cache.delete(key));
    return value;
  }

  return {
    query(source, promql, opts = {}) {
      const params = new URLSearchParams({ query: promql });
      if (opts.time !== undefined) params.set("time", String(opts.time));
      // Without an explicit time, "now" is bucketed to the TTL so a refresh storm shares one request.
      const bucket = opts.time ?? Math.floor(now() / Math.max(ttl, 1));
      const key = `${source.name}\n${source.url}\nquery\n${promql}\n${bucket}`;
      return cached(key, () => send(source, "api/v1/query", params));
    },
    queryRange(source, promql, range) {
      const problem = validateRange(range);
      if (problem) return Promise.reject(new PrometheusQueryError(source.name, "limit", problem));
      const params = new URLSearchParams({
        query: promql,
        start: String(range.start),
        end: String(range.end),
        step: String(range.step),
      });
      const key = `${source.name}\n${source.url}\nrange\n${promql}\n${range.start}:${range.end}:${range.step}`;
      return cached(key, () => send(source, "api/v1/query_range", params));
    },
    getJson(source, path, parse, params = new URLSearchParams()) {
      return request(source, path, params, (body, status, fail) => {
        const value = status >= 200 && status < 300 ? parse(body, status) : null;
        if (value === null) {
          throw fail(
            status >= 400 ? "http" : "invalid-response",
            `invalid response (HTTP ${status})`,
          );
        }
        return value;
      });
    },
  };
}
