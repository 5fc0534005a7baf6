// Transport double, named as such: routes the agent's HTTP calls straight into Meridian's real
// route handlers (real database, real auth) without a listening server. `down` simulates
// Meridian being unreachable: new calls fail to connect, and answers still streaming (the
// desired-state event stream) break as a dropped connection would.
import { NextRequest } from "next/server";
import * as register from "@/app/api/agent/v1/register/route";
import * as report from "@/app/api/agent/v1/report/route";
import * as desired from "@/app/api/agent/v1/desired/route";
import * as desiredStream from "@/app/api/agent/v1/desired/stream/route";
import * as status from "@/app/api/agent/v1/status/route";
import type { RouteHandler } from "@/lib/auth/with-auth";

type Methods = Partial<Record<string, RouteHandler>>;
const ROUTES: Record<string, Methods> = {
  "/api/agent/v1/register": register as Methods,
  "/api/agent/v1/report": report as Methods,
  "/api/agent/v1/desired": desired as unknown as Methods,
  "/api/agent/v1/desired/stream": desiredStream as unknown as Methods,
  "/api/agent/v1/status": status as Methods,
};

export type InProcessFetch = typeof fetch & { down: boolean; calls: number };

export function inProcessFetch(): InProcessFetch {
  let down = false;
  /** Connections of calls whose answer may still be streaming. */
  let connections = new AbortController();
  const f = (async (input: RequestInfo | URL, init?: RequestInit) => {
    f.calls += 1;
    if (down) throw new TypeError("fetch failed (connect ECONNREFUSED, simulated outage)");
    const url = new URL(String(input instanceof Request ? input.url : input));
    const handler = ROUTES[url.pathname]?.[init?.method ?? "GET"];
    if (!handler) return new Response(null, { status: 404 });
    // A real fetch ends the answer's body when the caller aborts, not only the request: without
    // that, an agent's stop() waits for the stream to end by itself (minutes).
    const cut = init?.signal
      ? AbortSignal.any([init.signal, connections.signal])
      : connections.signal;
    const req = new NextRequest(url, {
      method: init?.method,
      headers: init?.headers,
      body: init?.body,
      signal: cut,
    });
    const res = await handler(req, { params: Promise.resolve({}) });
    if (!res.body || !res.headers.get("content-type")?.startsWith("text/event-stream")) return res;
    const body = new TransformStream<Uint8Array, Uint8Array>();
    void res.body.pipeTo(body.writable, { signal: cut }).catch(() => undefined);
    return new Response(body.readable, { status: res.status, headers: res.headers });
  }) as InProcessFetch;
  Object.defineProperty(f, "down", {
    get: () => down,
    set: (value: boolean) => {
      down = value;
      if (!value) return;
      connections.abort(new TypeError("connection reset (simulated outage)"));
      connections = new AbortController();
    },
  });
  f.calls = 0;
  return f;
}
