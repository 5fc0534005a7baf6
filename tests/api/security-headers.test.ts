// Issue 17.5: every response carries a Content-Security-Policy and the other security headers,
// the agent API's own port included (real node:http listeners, real fetch), HSTS over https
// only; every page gets a strict policy with a fresh nonce that Next.js and the root layout use.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startAgentListener } from "@/app/api/agent/v1/agent-listener";
import { startProcessMetricsListener } from "@/lib/infra/plane-metrics/listener";
import { NON_PAGE_POLICY } from "@/lib/infra/content-security-policy";
import { stampSecurityHeaders } from "@/lib/infra/security-headers";
import { proxy } from "@/proxy";

const EXPECTED = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "same-origin",
  "cross-origin-opener-policy": "same-origin",
};

const servers: Server[] = [];
const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const publicUrl = process.env.NEXTAUTH_URL;

beforeAll(() => stampSecurityHeaders());
afterEach(() => {
  if (publicUrl === undefined) delete process.env.NEXTAUTH_URL;
  else process.env.NEXTAUTH_URL = publicUrl;
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe("security headers on every listener", () => {
  it("the agent API's port: a 404 and a 401 both carry the API policy and the headers", async () => {
    const server = await startAgentListener(0, "127.0.0.1");
    servers.push(server);
    for (const path of ["/nope", "/api/agent/v1/desired?after=0&wait=0"]) {
      const res = await fetch(`${urlOf(server)}${path}`);
      expect([404, 401]).toContain(res.status);
      expect(res.headers.get("content-security-policy")).toBe(NON_PAGE_POLICY);
      for (const [name, value] of Object.entries(EXPECTED)) {
        expect(res.headers.get(name), name).toBe(value);
      }
      expect(res.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("the metrics port too, and HSTS once the public URL is https", async () => {
    const server = await startProcessMetricsListener(0);
    servers.push(server);
    process.env.NEXTAUTH_URL = "https://meridian.example.com";
    const res = await fetch(`${urlOf(server)}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toBe(NON_PAGE_POLICY);
    expect(res.headers.get("strict-transport-security")).toBe(
      "max-age=63072000; includeSubDomains",
    );
  });
});

describe("the page policy (proxy.ts)", () => {
  function pageResponse(url: string) {
    const response = proxy(new NextRequest(url));
    const policy = response.headers.get("content-security-policy") ?? "";
    // What Next.js forwards to the page as its request headers (NextResponse.next's overrides).
    const forwarded = (name: string) => response.headers.get(`x-middleware-request-${name}`);
    return { policy, forwarded };
  }

  it("allows scripts only by a fresh nonce, which the page's request carries as well", () => {
    const first = pageResponse("http://localhost:3000/topology");
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(first.policy)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(first.policy).toMatch(/script-src 'self' 'nonce-[^']+' 'sha256-[^']+' 'strict-dynamic'/);
    expect(first.policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    for (const directive of [
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ]) {
      expect(first.policy).toContain(directive);
    }
    expect(first.forwarded("x-nonce")).toBe(nonce);
    expect(first.forwarded("content-security-policy")).toBe(first.policy);
    const second = pageResponse("http://localhost:3000/topology");
    expect(second.forwarded("x-nonce")).not.toBe(nonce);
  });

  it("upgrades insecure requests only when served over https", () => {
    delete process.env.NEXTAUTH_URL;
    expect(pageResponse("http://localhost:3000/").policy).not.toContain("upgrade-insecure");
    process.env.NEXTAUTH_URL = "https://meridian.example.com";
    expect(pageResponse("http://localhost:3000/").policy).toContain("upgrade-insecure-requests");
  });
});
