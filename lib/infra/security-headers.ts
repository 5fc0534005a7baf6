import { Server, type IncomingMessage, type ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import { NON_PAGE_POLICY } from "@/lib/infra/content-security-policy";

/** Two years, with subdomains: what hstspreload.org asks for. */
const HSTS = "max-age=63072000; includeSubDomains";

/** The headers every response of every listener carries (pages replace the CSP with theirs). */
const BASE: ReadonlyArray<readonly [string, string]> = [
  ["content-security-policy", NON_PAGE_POLICY],
  ["x-content-type-options", "nosniff"],
  ["x-frame-options", "DENY"],
  ["referrer-policy", "same-origin"],
  ["cross-origin-opener-policy", "same-origin"],
  ["cross-origin-resource-policy", "same-origin"],
  ["permissions-policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()"],
];

/**
 * Whether this request reached Meridian over https: on a TLS socket of its own, or behind the
 * TLS-terminating proxy that its public URL (NEXTAUTH_URL) names as https.
 */
export function servedOverHttps(req: IncomingMessage, publicUrl = process.env.NEXTAUTH_URL) {
  if ((req.socket as TLSSocket | undefined)?.encrypted) return true;
  return publicUrl?.startsWith("https://") ?? false;
}

/** Put the security headers on `res` (before its handler writes anything). */
export function setSecurityHeaders(req: IncomingMessage, res: ServerResponse): void {
  for (const [name, value] of BASE) res.setHeader(name, value);
  if (servedOverHttps(req)) res.setHeader("strict-transport-security", HSTS);
}

const STAMPED = Symbol.for("meridian.securityHeaders");

/**
 * From now on, every `node:http` server of this process answers with the security headers:
 * Next's own (pages, REST API, static files), the agent API's port and the metrics port alike
 * (instrumentation.ts calls this at start-up). A handler may replace one, as the page proxy does
 * with the CSP. Idempotent.
 */
export function stampSecurityHeaders(): void {
  const proto = Server.prototype as Server & { [STAMPED]?: true };
  if (proto[STAMPED]) return;
  const emit = proto.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  proto.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request")
      setSecurityHeaders(args[0] as IncomingMessage, args[1] as ServerResponse);
    return emit.call(this, event, ...args);
  } as Server["emit"];
  proto[STAMPED] = true;
}
