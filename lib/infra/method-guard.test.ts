import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refuseForbiddenMethods, restoreMethods } from "./method-guard";

/** One request over a real socket (fetch itself refuses to send TRACE). */
function send(
  port: number,
  method: string,
): Promise<{ status: number; allow?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path: "/api/v1/me" }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("refuseForbiddenMethods", () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    refuseForbiddenMethods();
    // A handler that fails the way Next.js did: it cannot build a Request for TRACE.
    server = createServer((req, res) => {
      try {
        new Request("http://x/", { method: req.method });
        res.end("handled");
      } catch {
        res.statusCode = 500;
        res.end("internal");
      }
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    restoreMethods();
    await new Promise((r) => server.close(r));
  });

  it("answers TRACE with 405 JSON and an Allow header, not the handler's 500", async () => {
    for (const method of ["TRACE"]) {
      const res = await send(port, method);
      expect(res.status).toBe(405);
      expect(res.allow).toContain("GET");
      expect(JSON.parse(res.body)).toEqual({
        error: { code: "method_not_allowed", message: `${method} is not supported` },
      });
    }
  });

  it("hands every other method to the server's handler", async () => {
    for (const method of ["GET", "POST", "DELETE"])
      expect((await send(port, method)).body).toBe("handled");
  });
});
