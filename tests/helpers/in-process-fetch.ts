// Transport double, named as such: routes the agent's HTTP calls straight into Meridian's real
// route handlers (real database, real auth) without a listening server. `down` simulates
// Meridian being unreachable.
import { NextRequest } from "next/server";
import * as register from "@/app/api/agent/v1/register/route";
import * as report from "@/app/api/agent/v1/report/route";
import * as desired from "@/app/api/agent/v1/desired/route";
import * as status from "@/app/api/agent/v1/status/route";
import type { RouteHandler } from "@/lib/auth/with-auth";

type Methods = Partial<Record<string, RouteHandler>>;
const ROUTES: Record<string, Methods> = {
  "/api/agent/v1/register": register as Methods,
  "/api/agent/v1/report": report as Methods,
  "/api/agent/v1/desired": desired as unknown as Methods,
  "/api/agent/v1/status": status as Methods,
};

export type InProcessFetch = typeof fetch & { down: boolean; calls: number };

export function inProcessFetch(): InProcessFetch {
  const f = (async (input: RequestInfo | URL, init?: RequestInit) => {
    f.calls += 1;
    if (f.down) throw new TypeError("fetch failed (connect ECONNREFUSED, simulated outage)");
    const url = new URL(String(input instanceof Request ? input.url : input));
    const handler = ROUTES[url.pathname]?.[init?.method ?? "GET"];
    if (!handler) return new Response(null, { status: 404 });
    const req = new NextRequest(url, {
      method: init?.method,
      headers: init?.headers,
      body: init?.body,
      signal: init?.signal ?? undefined,
    });
    return handler(req, { params: Promise.resolve({}) });
  }) as InProcessFetch;
  f.down = false;
  f.calls = 0;
  return f;
}
