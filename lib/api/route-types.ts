// The request and handler shapes the route wrappers (lib/auth/with-auth.ts) and the agent
// listener (lib/api/node-http-bridge.ts) share.

export type Params = Record<string, string | string[] | undefined>;

/** What Next.js passes a route handler as its second argument. */
export type RouteContext = { params: Promise<Params> };

/**
 * What the agent API's handlers read of a request. A NextRequest is one; so is the lighter
 * request the agent listener builds (lib/api/node-http-bridge.ts), which spares every agent
 * call the construction of a web Request and its body stream.
 */
export type AgentApiRequest = {
  method: string;
  headers: Pick<Headers, "get">;
  nextUrl: { pathname: string; searchParams: URLSearchParams };
  signal: AbortSignal;
  text(): Promise<string>;
  /** The body as a stream, when there is one to read bit by bit (a NextRequest's). */
  body?: ReadableStream<Uint8Array> | null;
};

/** A wrapped agent API handler: Next.js calls it with a NextRequest, the agent listener too. */
export type AgentRouteHandler = (req: AgentApiRequest, ctx: RouteContext) => Promise<Response>;

/** Who may call a wrapped handler: at least this role, anyone, or a cluster's agent credential. */
export type RouteAccess = "viewer" | "operator" | "admin" | "public" | "agent";
