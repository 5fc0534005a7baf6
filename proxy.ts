// Next.js proxy (formerly middleware): forwards the requested path to server components.
//
// It only annotates requests; it never decides who may see what. Every page and route
// handler authorizes on its own, because a proxy can be bypassed (CVE-2025-29927,
// https://github.com/vercel/next.js/security/advisories/GHSA-f82v-jwr5-mffw).
import { NextResponse, type NextRequest } from "next/server";

/**
 * Sets `x-pathname` (path + query) on page requests, so the (app) layout can send an
 * anonymous visitor to /login?callbackUrl=<this page> and back here after sign-in.
 */
export function proxy(request: NextRequest) {
  const url = request.nextUrl;
  // Client-side navigations carry Next's cache-busting `_rsc` parameter; it is no address.
  const search = new URLSearchParams(url.search);
  search.delete("_rsc");
  const query = search.toString();
  const headers = new Headers(request.headers);
  // Overwrite whatever the client sent: the header must describe this request only.
  headers.set("x-pathname", `${url.pathname}${query ? `?${query}` : ""}`);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  // Pages only: not the APIs, Next's own assets, or files with an extension (favicon, images).
  matcher: ["/((?!api(?:/|$)|_next/|.*\\.[^/]+$).*)"],
};
