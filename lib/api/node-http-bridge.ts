import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { NextRequest } from "next/server";
import { MAX_REPORT_BYTES } from "@/lib/agent-protocol/messages";

/**
 * Most of a body the bridge holds: the agent API's largest plus one byte, so the handler still
 * sees that it is too large and answers 413; the rest is drained.
 */
const MAX_BUFFERED_BYTES = MAX_REPORT_BYTES + 1;

/** The request body, read into memory (cheaper than a web stream for the agent's small JSON). */
function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      if (size >= MAX_BUFFERED_BYTES) return;
      chunks.push(chunk);
      size += chunk.length;
    });
    req.on("end", () => resolve(Buffer.concat(chunks).subarray(0, MAX_BUFFERED_BYTES)));
    req.on("error", reject);
    req.on("close", () => {
      if (!req.complete) reject(new Error("the client went away before its body arrived"));
    });
  });
}

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
  let payload: Uint8Array<ArrayBuffer> | undefined;
  try {
    if (hasBody) payload = new Uint8Array(await readBody(req));
  } catch {
    // Nobody is left to answer, and nothing was acted on.
    res.destroy();
    return;
  }
  const request = new NextRequest(new URL(req.url ?? "/", origin), {
    method: req.method,
    headers,
    signal: abort.signal,
    ...(payload ? { body: payload } : {}),
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
