import { Server, type IncomingMessage, type ServerResponse } from "node:http";

/**
 * Methods a WHATWG Request cannot carry (fetch's forbidden methods that Node parses): Next.js builds one for
 * every route request and answered these with a 500 and a stack trace in the log (found by the
 * contract fuzz: `TRACE /api/v1/me`). CONNECT never reaches 'request' (Node emits 'connect'), TRACK is refused by Node's parser.
 */
const FORBIDDEN = new Set(["TRACE"]);

const ALLOW = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";

let original: Server["emit"] | undefined;

/** Answer 405 JSON to TRACE on every node:http server of this process, before Next sees them. */
export function refuseForbiddenMethods(): void {
  if (original) return;
  const emit = (original = Server.prototype.emit);
  Server.prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const [req, res] = args as [IncomingMessage, ServerResponse];
      const method = (req.method ?? "").toUpperCase();
      if (FORBIDDEN.has(method)) {
        res.writeHead(405, { "content-type": "application/json", allow: ALLOW });
        res.end(
          JSON.stringify({
            error: { code: "method_not_allowed", message: `${method} is not supported` },
          }),
        );
        return true;
      }
    }
    return emit.apply(this, [event, ...args] as Parameters<Server["emit"]>);
  } as Server["emit"];
}

/** Undo {@link refuseForbiddenMethods} (tests). */
export function restoreMethods(): void {
  if (original) Server.prototype.emit = original;
  original = undefined;
}
