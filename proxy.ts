// Next.js proxy (formerly middleware): forwards the requested path to server components.
//
// It only annotates requests; it never decides who may see what. Every page and route
// handler authorizes on its own, because a proxy can be bypassed (CVE-2025-29927,
// https://github.com/vercel/next.js/security/advisories/GHSA-f82v-jwr5-mffw).
import { NextResponse, type NextRequest } from "next/server";
import { createHash } from "node:crypto";
import { THEME_SCRIPT } from "@/components/shell/theme-script";
import { NONCE_HEADER, newNonce, pagePolicy } from "@/lib/infra/content-security-policy";

/** The error document's theme script gets no nonce (a client component): allowed by hash. */
const THEME_SCRIPT_HASH = createHash("sha256").update(THEME_SCRIPT).digest("base64");

/**
 * Sets `x-pathname` (path + query) on page requests, so the (app) layout can send an
 * anonymous visitor to /login?callbackUrl=<this page> and back here after sign-in; and gives
 * each page its Content-Security-Policy with a fresh nonce (lib/infra/content-security-policy.ts):
 * on the request, where Next.js reads it to nonce its own scripts and the root layout its theme
 * script, and on the response.
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
  const nonce = newNonce();
  const policy = pagePolicy({
    nonce,
    development: process.env.NODE_ENV === "development",
    https: (process.env.NEXTAUTH_URL ?? url.href).startsWith("https://"),
    scriptHashes: [THEME_SCRIPT_HASH],
  });
  headers.set(NONCE_HEADER, nonce);
  headers.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  return response;
}

export const config = {
  // Pages only: not the APIs, Next's own assets, or files with an extension (favicon, images).
  matcher: ["/((?!api(?:/|$)|_next/|.*\\.[^/]+$).*)"],
};
