import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import type { RoleName } from "@/lib/model/inventory";
import { ApiError } from "@/lib/api/errors";
import { errorResponse } from "@/lib/api/respond";
import { requireStorableRequest } from "@/lib/api/storable-text";
import { observeRequest } from "@/lib/api/request-observer";
import type {
  AgentApiRequest,
  AgentRouteHandler,
  Params,
  RouteAccess,
  RouteContext,
} from "@/lib/api/route-types";
import { hasRole } from "@/lib/auth/roles";
import { resolvePrincipal } from "@/lib/auth/principal";
import { requireSameOrigin } from "@/lib/auth/same-origin";
import { type AgentPrincipal, type Principal } from "@/lib/model/actor";
import { authenticateAgent } from "@/lib/services/agents/authenticate";

export type AuthedHandler = (
  req: NextRequest,
  ctx: { principal: Principal; params: Params },
) => Promise<Response>;

export type RouteHandler = (req: NextRequest, ctx: RouteContext) => Promise<Response>;

/** Every handler produced by the wrappers, so the route audit test can prove none is bare. */
export const WRAPPED_HANDLERS = new WeakSet<object>();

/** Each wrapped handler's access, so the OpenAPI parity test can hold the document to it. */
export const ROUTE_ACCESS = new WeakMap<object, RouteAccess>();

function guard<R extends AgentApiRequest>(
  access: RouteAccess,
  run: (req: R, ctx: RouteContext) => Promise<Response>,
): (req: R, ctx: RouteContext) => Promise<Response> {
  const handler = async (req: R, ctx: RouteContext) =>
    observeRequest(
      req,
      access,
      async () => (await ctx.params) ?? {},
      async () => {
        try {
          requireStorableRequest(req.nextUrl.searchParams, await ctx.params);
          return await run(req, ctx);
        } catch (error) {
          return errorResponse(error);
        }
      },
    );
  WRAPPED_HANDLERS.add(handler);
  ROUTE_ACCESS.set(handler, access);
  return handler;
}

/**
 * The one authorization wrapper for route handlers: resolves the caller (session cookie or
 * `Authorization: Bearer` API token), answers 401 when anonymous, 403 `cross_origin` when a
 * session's change comes from another origin (CSRF), 403 when the role is too low, and turns
 * thrown errors into JSON `{ error: { code, message } }`.
 *
 * @example export const POST = withAuth(handleCreate, { role: "operator" });
 */
export function withAuth(handler: AuthedHandler, opts: { role: RoleName }): RouteHandler {
  return guard(opts.role, async (req, ctx) => {
    const principal = await resolvePrincipal(req);
    if (!principal) throw new ApiError(401, "unauthenticated", "Sign in or send a valid API token");
    if (principal.kind === "session") requireSameOrigin(req);
    if (!hasRole(principal.role, opts.role)) {
      throw new ApiError(403, "forbidden", `This action needs the ${opts.role} role`);
    }
    return handler(req, { principal, params: (await ctx.params) ?? {} });
  });
}

/**
 * Explicitly public route (health checks, the sign-in endpoint): same error handling,
 * no caller. Every use is listed in the route audit test. The agent API's registration is
 * written for {@link AgentApiRequest} (`publicRoute<AgentApiRequest>`), as the agent listener
 * serves it too.
 */
export function publicRoute<R extends AgentApiRequest = NextRequest>(
  handler: (req: R, ctx: { params: Params }) => Promise<Response>,
): (req: R, ctx: RouteContext) => Promise<Response> {
  return guard<R>("public", async (req, ctx) => handler(req, { params: (await ctx.params) ?? {} }));
}

export { NextResponse };
export type { AgentApiRequest, AgentRouteHandler, RouteAccess, RouteContext };

export type AgentHandler = (
  req: AgentApiRequest,
  ctx: {
    agent: AgentPrincipal;
    params: Params;
    /** Whether the credential is still valid (not revoked since): for long-lived answers. */
    stillValid: () => Promise<boolean>;
  },
) => Promise<Response>;

/**
 * The same wrapper for the agent API: the caller must present its per-cluster credential
 * (`Authorization: Bearer mrd_agent_…`) and only ever acts on its own cluster.
 */
export function withAgent(handler: AgentHandler): AgentRouteHandler {
  return guard<AgentApiRequest>("agent", async (req, ctx) => {
    const credential = /^Bearer\s+(\S+)$/i.exec(req.headers.get("authorization") ?? "")?.[1];
    const agent = credential ? await authenticateAgent(credential) : null;
    if (!credential || !agent) {
      throw new ApiError(
        401,
        "unauthenticated",
        "Send this cluster's agent credential as a Bearer token",
      );
    }
    const stillValid = async () =>
      (await authenticateAgent(credential))?.credentialId === agent.credentialId;
    return handler(req, { agent, params: (await ctx.params) ?? {}, stillValid });
  });
}
