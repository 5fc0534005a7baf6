// Every API request, observed once by the route wrapper (lib/auth/with-auth.ts): a request id
// (the caller's X-Request-Id when it is a sane token, else a new one) on the response and on
// every log line written while serving it, the request duration by route pattern and status
// (meridian_http_request_duration_seconds), and one log line: at info level for people's
// changes, failures and slow requests, at debug level for the rest, so a fleet's agents
// reporting every few seconds do not flood the log.
import { randomUUID } from "node:crypto";
import { log, withRequestId } from "@/lib/infra/log";
import { planeMetrics } from "@/lib/infra/plane-metrics/registry";
import type { AgentApiRequest, Params, RouteAccess } from "./route-types";

export const REQUEST_ID_HEADER = "x-request-id";
const SANE_ID = /^[A-Za-z0-9._:-]{8,128}$/;
const SLOW_MS = 1000;
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The caller's request id when it is a plain token of 8–128 characters, else a new UUID. */
export function requestIdOf(req: Pick<AgentApiRequest, "headers">): string {
  const sent = req.headers.get(REQUEST_ID_HEADER);
  return sent && SANE_ID.test(sent) ? sent : randomUUID();
}

/**
 * The route pattern of a path: each segment that is a route parameter's value becomes
 * `{name}` (`/api/v1/clusters/east-1/desired` → `/api/v1/clusters/{name}/desired`), so the
 * metric's label has one value per route, not one per object.
 */
export function routePattern(pathname: string, params: Params): string {
  const names = new Map<string, string>();
  for (const [name, value] of Object.entries(params)) {
    if (Array.isArray(value)) for (const v of value) names.set(v, `{...${name}}`);
    else if (value !== undefined) names.set(value, `{${name}}`);
  }
  const out: string[] = [];
  for (const segment of pathname.split("/")) {
    let decoded = segment;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      // Not percent-encoding: compared as sent.
    }
    const name = names.get(decoded) ?? segment;
    // A catch-all's segments are one label value however many a caller sends.
    if (!(name.startsWith("{...") && out.at(-1) === name)) out.push(name);
  }
  return out.join("/");
}

/** Runs `serve` as one observed request (see the file's header). */
export async function observeRequest(
  req: AgentApiRequest,
  access: RouteAccess,
  params: () => Promise<Params>,
  serve: () => Promise<Response>,
): Promise<Response> {
  const requestId = requestIdOf(req);
  const started = performance.now();
  const response = await withRequestId(requestId, serve);
  const ms = performance.now() - started;
  const route = routePattern(req.nextUrl.pathname, await params().catch(() => ({})));
  const status = response.status;
  planeMetrics()
    .httpDuration.labels(req.method, route, String(status))
    .observe(ms / 1000);
  try {
    response.headers.set(REQUEST_ID_HEADER, requestId);
  } catch {
    // An immutable response (a redirect); the id is still on the log line.
  }
  const fields = { requestId, method: req.method, route, status, ms: Math.round(ms) };
  if (status >= 500) log.error("request", fields);
  else if (status >= 400) log.warn("request", fields);
  // Agents report and acknowledge all day long: their successes only at debug level.
  else if ((!READS.has(req.method) && access !== "agent") || ms >= SLOW_MS)
    log.info("request", fields);
  else log.debug("request", fields);
  return response;
}
