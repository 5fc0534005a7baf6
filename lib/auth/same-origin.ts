import "server-only";
import type { NextRequest } from "next/server";
import { ApiError } from "@/lib/api/errors";

// Cross-site request forgery guard for changes made with the browser's session cookie. SameSite
// =Lax alone lets same-site origins (sibling subdomains) and body-less form posts through, so an
// unsafe method is accepted only when its Origin is this Meridian's own (its public URL,
// NEXTAUTH_URL, or the origin it was reached at) or, when a browser sends no Origin, when
// Sec-Fetch-Site says same-origin. Bearer tokens are not ambient credentials: unaffected.

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function ownOrigins(req: NextRequest): Set<string> {
  const origins = new Set([req.nextUrl.origin]);
  // The origin the browser reached: Next's URL says the bind address (0.0.0.0), so a person
  // browsing at 127.0.0.1 could change nothing (issue 37.10). A forged Host gains nothing: the
  // session cookie is the browser's for the host it really reached.
  const host = req.headers.get("host");
  if (host) {
    try {
      origins.add(new URL(`${req.nextUrl.protocol}//${host}`).origin);
    } catch {
      // Not a host: only the other origins count.
    }
  }
  const configured = process.env.NEXTAUTH_URL;
  if (configured) {
    try {
      origins.add(new URL(configured).origin);
    } catch {
      // An unparseable public URL adds nothing; the reached origin still counts.
    }
  }
  return origins;
}

/** Throws 403 `cross_origin` unless a cookie-authenticated change comes from Meridian's own pages. */
export function requireSameOrigin(req: NextRequest): void {
  if (!UNSAFE.has(req.method.toUpperCase())) return;
  const site = req.headers.get("sec-fetch-site");
  // The browser says the request came from another site, whatever Origin claims (issue 37.10).
  if (site === "cross-site" || site === "same-site") {
    throw new ApiError(
      403,
      "cross_origin",
      `Changes with a browser session must come from Meridian's own pages (Sec-Fetch-Site: ${site}); API clients send a bearer token`,
    );
  }
  const origin = req.headers.get("origin");
  if (origin !== null) {
    if (ownOrigins(req).has(origin)) return;
    throw new ApiError(
      403,
      "cross_origin",
      `Changes with a browser session must come from Meridian's own pages, not from origin ${origin.slice(0, 100)}; API clients send a bearer token`,
    );
  }
  if (site === "same-origin") return;
  throw new ApiError(
    403,
    "cross_origin",
    "Changes with a browser session must come from Meridian's own pages (the request had no Origin); API clients send a bearer token",
  );
}
