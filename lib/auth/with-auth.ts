import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import type { RoleName } from "@/lib/api/schemas";
import { ApiError } from "@/lib/api/errors";
import { errorResponse } from "@/lib/api/respond";
import { hasRole } from "@/lib/auth/roles";
import { resolvePrincipal, type Principal } from "@/lib/auth/principal";
import { authenticateAgent, type AgentPrincipal } from "@/lib/db/agents";

type Params = Record<string, string | string[] | undefined>;

/** What Next.js passes a route handler as its second argument. */
export type RouteContext = { params: Promise<Params> };

export type AuthedHandler = (
  req: NextRequest,
  ctx: { principal: Principal; params: Params },
) => Promise<Response>;

export type RouteHandler = (req: NextRequest, ctx: RouteContext) => Promise<Response>;

/** Every handler produced by the wrappers, so the route audit test can prove none is bare. */
export const WRAPPED_HANDLERS = new WeakSet<RouteHandler>();

function guard(run: (req: NextRequest, ctx: RouteContext) => Promise<Response>): RouteHandler {
  const handler: RouteHandler = async (req, ctx) => {
    try {
      return await run(req, ctx);
    } catch (error) {
      return errorResponse(error);
    }
  };
  WRAPPED_HANDLERS.add(handler);
  return handler;
}

/**
 * The one authorization wrapper for route handlers: resolves the caller (session cookie or
 * `Authorization: Bearer` API token), answers 401 when anonymous and 403 when the role is
 * too low, and turns thrown errors into JSON `{ error: { code, message } }`.
 *
 * @example export const POST = withAuth(handleCreate, { role: "operator" });
 */
export function withAuth(handler: AuthedHandler, opts: { role: RoleName }): RouteHandler {
  return guard(async (req, ctx) => {
    const principal = await resolvePrincipal(req);
    if (!principal) throw new ApiError(401, "unauthenticated", "Sign in or send a valid API token");
    if (!hasRole(principal.role, opts.role)) {
      throw new ApiError(403, "forbidden", `This action needs the ${opts.role} role`);
    }
    return handler(req, { principal, params: (await ctx.params) ?? {} });
  });
}

/**
 * Explicitly public route (health checks, the sign-in endpoint): same error handling,
 * no caller. Every use is listed in the route audit test.
 */
export function publicRoute(
  handler: (req: NextRequest, ctx: { params: Params }) => Promise<Response>,
): RouteHandler {
  return guard(async (req, ctx) => handler(req, { params: (await ctx.params) ?? {} }));
}

export { NextResponse };

export type AgentHandler = (
  req: NextRequest,
  ctx: { agent: AgentPrincipal; params: Params },
) => Promise<Response>;

/**
 * The same wrapper for the agent API: the caller must present its per-cluster credential
 * (`Authorization: Bearer mrd_agent_…`) and only ever acts on its own cluster.
 */
export function withAgent(handler: AgentHandler): RouteHandler {
  return guard(async (req, ctx) => {
    const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get("authorization") ?? "");
    const agent = match?.[1] ? await authenticateAgent(match[1]) : null;
    if (!agent) {
      throw new ApiError(
        401,
        "unauthenticated",
        "Send this cluster's agent credential as a Bearer token",
      );
    }
    return handler(req, { agent, params: (await ctx.params) ?? {} });
  });
}
