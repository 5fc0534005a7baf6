import "server-only";
import { createServer, type Server } from "node:http";
import { serveWithHandler } from "@/lib/api/node-http-bridge";
import type { AgentRouteHandler } from "@/lib/auth/with-auth";
import { errorResponse } from "@/lib/api/respond";
import { ApiError } from "@/lib/api/errors";
import { log } from "@/lib/infra/log";
import { GET as getDesired } from "./desired/route";
import { GET as getDesiredStream } from "./desired/stream/route";
import { GET as getOpenApi } from "./openapi.json/route";
import { POST as postRegister } from "./register/route";
import { POST as postReport } from "./report/route";
import { POST as postStatus } from "./status/route";

/** The agent API's own route handlers (the same exports `next start` serves), by method + path. */
const ROUTES: Record<string, AgentRouteHandler> = {
  "GET /api/agent/v1/desired": getDesired,
  "GET /api/agent/v1/desired/stream": getDesiredStream,
  // The agent API's own document, on the port agents reach (docs/api.md promises it there).
  "GET /api/agent/v1/openapi.json": getOpenApi as unknown as AgentRouteHandler,
  "POST /api/agent/v1/register": postRegister,
  "POST /api/agent/v1/report": postReport,
  "POST /api/agent/v1/status": postStatus,
};

/**
 * Serves /api/agent/v1 from a plain `node:http` listener beside Next.js: the same handlers
 * and credential check, without Next's per-request pipeline (docs/benchmarks.md, "Agent
 * protocol at fleet scale": 100 concurrent trivial answers take ~45 ms here vs ~220 ms).
 */
export function startAgentListener(port: number, host = "0.0.0.0"): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    const handler = ROUTES[`${req.method} ${path}`];
    const run = handler
      ? serveWithHandler(handler, req, res, `http://${req.headers.host ?? "localhost"}`)
      : serveWithHandler(
          async () => errorResponse(new ApiError(404, "not_found", "No such agent endpoint")),
          req,
          res,
          "http://localhost",
        );
    run.catch((error: unknown) => {
      log.error("agent listener: request failed", { error: String(error) });
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  });
  // Longer than clients' idle timeouts, as for `next start --keepAliveTimeout` (scripts/start.ts).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  // Long-polls wait up to a minute; Node's default request timeout (5 min) is fine.
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}
