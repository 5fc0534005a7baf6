import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { keepAliveFetch } from "./http-transport";

let server: Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<URL> {
  server = createServer(handler);
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api`);
}

const request = (url: URL, init: Partial<Parameters<typeof keepAliveFetch>[1]> = {}) =>
  keepAliveFetch(url, {
    headers: new Headers(),
    signal: AbortSignal.timeout(5_000),
    ...init,
  });

describe("keepAliveFetch", () => {
  it("sends method, headers and body, and answers status and JSON", async () => {
    const seen: { method?: string; auth?: string; length?: string; body: string }[] = [];
    const url = await serve((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        seen.push({
          method: req.method,
          auth: req.headers.authorization,
          length: req.headers["content-length"],
          body,
        });
        res.statusCode = 202;
        res.end(JSON.stringify({ echo: body.length }));
      });
    });
    const body = JSON.stringify({ name: "ünïcode" });
    const answer = await request(url, {
      method: "POST",
      headers: new Headers({ authorization: "Bearer x" }),
      body,
    });
    expect(answer.status).toBe(202);
    expect(await answer.json()).toEqual({ echo: body.length });
    expect(seen).toEqual([
      { method: "POST", auth: "Bearer x", length: String(Buffer.byteLength(body)), body },
    ]);
  });

  it("rejects a body that is not JSON when it is read, not before", async () => {
    const url = await serve((_req, res) => res.end("<html>"));
    const answer = await request(url);
    expect(answer.status).toBe(200);
    await expect(answer.json()).rejects.toThrow(SyntaxError);
  });

  it("gives up when its signal aborts", async () => {
    const url = await serve(() => {}); // never answers
    const started = Date.now();
    await expect(request(url, { signal: AbortSignal.timeout(100) })).rejects.toThrow(/aborted/);
    expect(Date.now() - started).toBeLessThan(2_000);
    server!.closeAllConnections();
  });

  it("resends once when a pooled connection was closed under it", async () => {
    const requestsOn = new WeakMap<Socket, number>();
    let answered = 0;
    const url = await serve((req, res) => {
      const n = (requestsOn.get(req.socket) ?? 0) + 1;
      requestsOn.set(req.socket, n);
      if (n > 1) return req.socket.destroy(); // the server dropped the idle connection
      answered++;
      res.end(JSON.stringify({ answered }));
    });
    expect(await (await request(url)).json()).toEqual({ answered: 1 });
    // Same pooled socket: reset, then a fresh connection answers.
    expect(await (await request(url)).json()).toEqual({ answered: 2 });
  });

  it("does not resend when a fresh connection is reset", async () => {
    let attempts = 0;
    const url = await serve((req) => {
      attempts++;
      req.socket.destroy();
    });
    await expect(request(url)).rejects.toThrow();
    expect(attempts).toBe(1);
  });

  it("refuses a protocol other than http and https", async () => {
    await expect(request(new URL("ftp://meridian.test/"))).rejects.toThrow(/unsupported protocol/);
  });

  it("streams a 200 body as it arrives, until the server ends it", async () => {
    let release: () => void = () => {};
    const url = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("first");
      release = () => res.end("second");
    });
    const answer = await request(url, { stream: true });
    expect(answer.status).toBe(200);
    const chunks: string[] = [];
    for await (const chunk of answer.body as AsyncIterable<Uint8Array>) {
      chunks.push(Buffer.from(chunk).toString());
      if (chunks.length === 1) release(); // the first chunk came before the server ended
    }
    expect(chunks.join("")).toBe("firstsecond");
    expect(chunks[0]).toBe("first");
  });

  it("reads a refused stream's body whole, and ends a stream when its signal aborts", async () => {
    const url = await serve((req, res) => {
      if (req.url?.endsWith("refused")) {
        res.statusCode = 404;
        return res.end(JSON.stringify({ error: { code: "not_found" } }));
      }
      res.writeHead(200);
      res.write("open");
    });
    const refused = await request(new URL(`${url}/refused`), { stream: true });
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ error: { code: "not_found" } });

    const stop = new AbortController();
    const open = await request(url, { stream: true, signal: stop.signal });
    const reading = (async () => {
      for await (const chunk of open.body as AsyncIterable<Uint8Array>) {
        expect(Buffer.from(chunk).toString()).toBe("open");
        stop.abort();
      }
    })();
    await expect(reading).rejects.toThrow(/aborted/);
    server!.closeAllConnections();
  });
});
