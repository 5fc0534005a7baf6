// Issue 37.2 and 37.3: a deeply nested JSON body is a 400, never a stack overflow's 500, and a
// body is bounded before it is read: an oversized one is refused after at most its route's limit
// (plus one chunk), not buffered whole first (one 100 MB anonymous register moved RSS by 233 MB).
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import * as register from "@/app/api/agent/v1/register/route";
import * as report from "@/app/api/agent/v1/report/route";
import * as plans from "@/app/api/v1/plans/route";
import * as clusters from "@/app/api/v1/clusters/route";
import { db } from "@/lib/store/client";
import { resetDatabase } from "../helpers/db";
import { call, userWithToken } from "../helpers/api";
import { registeredCluster } from "../helpers/agent";

const deep = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const deepObject = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);

/** A body stream of `total` bytes of JSON-looking text, counting how much was pulled from it. */
function countedBody(total: number, chunk = 64 * 1024) {
  const state = { pulled: 0 };
  const piece = new TextEncoder().encode("[".repeat(chunk));
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= total) return controller.close();
      state.pulled += piece.length;
      controller.enqueue(piece);
    },
  });
  return { stream, state };
}

function streamedRequest(
  url: string,
  body: ReadableStream<Uint8Array>,
  headers: Record<string, string> = {},
) {
  return new NextRequest(new URL(url, "http://localhost:3000"), {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
    duplex: "half",
  } as ConstructorParameters<typeof NextRequest>[1]);
}

describe("hostile bodies", () => {
  let token = "";
  let credential = "";
  beforeAll(async () => {
    await resetDatabase();
    token = (await userWithToken("admin")).token;
    credential = await registeredCluster("deep-1");
  });

  it.each([
    ["register (public)", register.POST, "/api/agent/v1/register", 7_900, false, false],
    ["report", report.POST, "/api/agent/v1/report", 100_000, false, true],
    ["plans", plans.POST, "/api/v1/plans", 100_000, true, false],
    ["clusters", clusters.POST, "/api/v1/clusters", 100_000, true, false],
  ] as const)(
    "%s: JSON nested thousands deep is a 400",
    async (_name, handler, url, depth, user, agent) => {
      for (const rawBody of [deep(depth), deepObject(Math.floor(depth / 3))]) {
        const res = await call(handler as never, "POST", url, {
          rawBody,
          ...(user ? { token } : {}),
          ...(agent ? { headers: { authorization: `Bearer ${credential}` } } : {}),
        });
        expect(res.status, JSON.stringify(res.body)).toBe(400);
      }
    },
  );

  it("the public register reads at most its 16 KB limit of a 50 MB body, then answers 413", async () => {
    const { stream, state } = countedBody(50 * 1024 * 1024);
    const res = await register.POST(streamedRequest("/api/agent/v1/register", stream), {
      params: Promise.resolve({}),
    });
    expect(res.status).toBe(413);
    expect(state.pulled, "bytes read of the body before the answer").toBeLessThanOrEqual(
      16 * 1024 + 2 * 64 * 1024,
    );
  });

  it("an authenticated route refuses a declared Content-Length over its limit before reading", async () => {
    const { stream, state } = countedBody(10 * 1024 * 1024);
    const before = await db().cluster.count();
    const res = await clusters.POST(
      streamedRequest("/api/v1/clusters", stream, {
        authorization: `Bearer ${token}`,
        "content-length": String(10 * 1024 * 1024),
      }),
      { params: Promise.resolve({}) },
    );
    expect(res.status).toBe(413);
    expect(state.pulled, "bytes read of the body before the answer").toBeLessThanOrEqual(
      2 * 64 * 1024,
    );
    expect(await db().cluster.count()).toBe(before);
  });
});
