// The peer-address stamp on a real node:http server and a real TCP connection.
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { PEER_HEADER, stampPeerAddresses } from "@/lib/infra/peer-address";

function get(port: number, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: "/", headers }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => resolve(body));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("stampPeerAddresses", () => {
  let server: Server | undefined;
  afterAll(
    () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  );

  it("overwrites a forged peer header with the socket's address on every http server", async () => {
    stampPeerAddresses();
    stampPeerAddresses(); // idempotent: one wrapper, not two
    server = createServer((req, res) => res.end(String(req.headers[PEER_HEADER])));
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    expect(await get(port, { [PEER_HEADER]: "203.0.113.66" })).toBe("127.0.0.1");
    expect(await get(port, {})).toBe("127.0.0.1");
  });
});
