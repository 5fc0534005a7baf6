// Transport double, named as such: a fetch that serves a URL from Meridian's real route handler
// for its path (every file under app/api, matched as Next.js matches them: static segments
// before [param] before [...catchAll]), on the real database with real auth, without a
// listening server. The CLI tests run `meridian` in-process against it.
import { NextRequest } from "next/server";
import type { RouteHandler } from "@/lib/auth/with-auth";
import { ROUTES } from "./routes";

type Compiled = { file: string; pattern: RegExp; names: string[]; rank: number };

const COMPILED: Compiled[] = ROUTES.map(({ file, route }) => {
  const names: string[] = [];
  let rank = 0;
  const source = route
    .split("/")
    .map((segment) => {
      const catchAll = /^\[\.\.\.(\w+)\]$/.exec(segment);
      if (catchAll) {
        names.push(catchAll[1]!);
        rank += 100;
        return "(.+)";
      }
      const param = /^\[(\w+)\]$/.exec(segment);
      if (param) {
        names.push(param[1]!);
        rank += 1;
        return "([^/]+)";
      }
      return segment.replace(/[.]/g, "\\.");
    })
    .join("/");
  return { file, pattern: new RegExp(`^${source}$`), names, rank };
}).sort((a, b) => a.rank - b.rank);

/** A fetch answering from the route handlers; counts its calls. */
export function routeFetch(): typeof fetch & { calls: string[] } {
  const calls: string[] = [];
  const f = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const method = init?.method ?? "GET";
    calls.push(`${method} ${url.pathname}${url.search}`);
    for (const route of COMPILED) {
      const match = route.pattern.exec(url.pathname);
      if (!match) continue;
      const params = Object.fromEntries(
        route.names.map((name, i) => {
          const value = decodeURIComponent(match[i + 1]!);
          return [name, route.file.includes(`[...${name}]`) ? value.split("/") : value];
        }),
      );
      const mod = (await import(route.file)) as Partial<Record<string, RouteHandler>>;
      const handler = mod[method];
      if (!handler) return new Response(null, { status: 405 });
      const req = new NextRequest(url, { method, headers: init?.headers, body: init?.body });
      return handler(req, { params: Promise.resolve(params) });
    }
    return new Response(null, { status: 404 });
  }) as typeof fetch & { calls: string[] };
  f.calls = calls;
  return f;
}
