import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { NextRequest } from "next/server";

/** A route handler as Next.js calls it (the agent API's handlers take no path params). */
export type BridgedHandler = (
  req: NextRequest,
  ctx: { params: Promise<Record<string, string>> },
) => Promise<Response>;

const NO_PARAMS = Promise.resolve({});

/**
 * Runs a Next.js route handler for a plain `node:http` request: builds the NextRequest the
 * handler expects (its signal aborts when the client goes away, as under `next start`) and
 * streams the Response back. No handler logic lives here.
 */
export async function serveWithHandler(
  handler: BridgedHandler,
  req: IncomingMessage,
  res: ServerResponse,
  origin: string,
): Promise<void> {
  const abort = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) abort.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const request = new NextRequest(new URL(req.url ?? "/", origin), {
    method: req.method,
    headers,
    signal: abort.signal,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: "half" } : {}),
  });
  const response = await handler(request, { params: NO_PARAMS });
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  if (!response.body) {
    res.end();
    return;
  }
  const body = Buffer.from(await response.arrayBuffer());
  res.setHeader("content-length", body.length);
  res.end(body);
}
