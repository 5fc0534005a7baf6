// Issue 37.4: next-auth's routes never answer 5xx to a client's mistake. In-process, the bodies
// next-auth parses before it reads the request's cookies (an empty or malformed JSON body: 17
// anonymous 500s in the probe); the rest (a callback URL it cannot parse, the session update
// without a CSRF token) against the running app in tests/replicas/sign-in-routes.test.ts.
import { describe, expect, it } from "vitest";
import * as auth from "@/app/api/auth/[...nextauth]/route";
import { safeRedirectUrl } from "@/lib/domain/callback-path";
import { call } from "../helpers/api";

const ACTIONS = [
  ["signin"],
  ["signin", "credentials"],
  ["signin", "oidc"],
  ["callback", "credentials"],
  ["callback", "oidc"],
  ["signout"],
  ["session"],
  ["csrf"],
  ["providers"],
  ["_log"],
  ["error"],
  ["verify-request"],
];
const BAD_JSON = ["", "{", "[1,2]", '"text"', "null", '{"a":' + "[".repeat(5000)];

describe("the sign-in library's routes and a malformed body", () => {
  for (const nextauth of ACTIONS) {
    it(`POST /api/auth/${nextauth.join("/")} answers 4xx to empty and malformed JSON`, async () => {
      for (const rawBody of BAD_JSON) {
        const res = await call(auth.POST as never, "POST", `/api/auth/${nextauth.join("/")}`, {
          rawBody,
          contentType: "application/json",
          params: { nextauth },
        });
        expect(
          res.status,
          `${JSON.stringify(rawBody.slice(0, 20))}: ${JSON.stringify(res.body)}`,
        ).toBeLessThan(500);
        expect(res.status).toBeGreaterThanOrEqual(200);
      }
    });
  }

  it("refuses a sign-in body over 16 KB with 413, unread", async () => {
    const res = await call(auth.POST as never, "POST", "/api/auth/callback/credentials", {
      rawBody: `email=a%40b.c&password=${"x".repeat(20_000)}`,
      contentType: "application/x-www-form-urlencoded",
      params: { nextauth: ["callback", "credentials"] },
    });
    expect(res.status).toBe(413);
  });
});

describe("safeRedirectUrl", () => {
  const base = "http://localhost:3400";
  it.each([
    ["http://localhost:3400.evil.example/", base],
    ["http://[::1/", base],
    ["//evil.example/", base],
    ["/\t/evil.example/", base],
    ["https://evil.example/?x=http://localhost:3400", base],
    ["javascript:alert(1)", base],
    ["/services?q=a", `${base}/services?q=a`],
    ["http://localhost:3400/clusters/east", `${base}/clusters/east`],
  ])("%j → %j", (url, expected) => {
    expect(safeRedirectUrl(url, base)).toBe(expected);
  });
});
