import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { MAX_REPORT_BYTES } from "@/lib/agent-protocol/messages";
import type { AgentApiRequest, AgentRouteHandler } from "@/lib/api/route-types";
import { PEER_HEADER } from "@/lib/infra/peer-address";

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

const NO_PARAMS = Promise.resolve({});

/**
 * `Headers.get` over node's parsed headers (already lower-case; repeated ones joined). The
 * peer-address header is the socket's address, whatever the client sent (lib/api/client-ip.ts).
 */
function headerReader(req: IncomingMessage): AgentApiRequest["headers"] {
  return {
    get(name: string) {
      const key = name.toLowerCase();
      if (key === PEER_HEADER) return req.socket.remoteAddress ?? null;
      const value = req.headers[key];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(", ") : value;
    },
  };
}

/**
 * Runs an agent API route handler for a plain `node:http` request: hands it the request as an
 * {@link AgentApiRequest} (its signal aborts when the client goes away, as under `next start`)
 * — no web Request and body stream are built, which was a quarter of the agent API's CPU — and
 * writes the Response back. No handler logic lives here.
 */
export async function serveWithHandler(
  handler: AgentRouteHandler,
  req: IncomingMessage,
  res: ServerResponse,
  origin: string,
): Promise<void> {
  const abort = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) abort.abort();
  });
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  let payload: Buffer | undefined;
  try {
    if (hasBody) payload = await readBody(req);
  } catch {
    // Nobody is left to answer, and nothing was acted on.
    res.destroy();
    return;
  }
  const url = new URL(req.url ?? "/", origin);
  const request: AgentApiRequest = {
    method: req.method ?? "GET",
    headers: headerReader(req),
    nextUrl: { pathname: url.pathname, searchParams: url.searchParams },
    signal: abort.signal,
    text: async () => payload?.toString("utf8") ?? "",
  };
  const response = await handler(request, { params: NO_PARAMS });
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  if (!response.body) {
    res.end();
    return;
  }
  if (response.headers.get("content-type")?.startsWith("text/event-stream")) {
    await streamBody(response.body, res, abort.signal);
    return;
  }
  const body = Buffer.from(await response.arrayBuffer());
  res.setHeader("content-length", body.length);
  res.end(body);
}

/** Resolve once `res` can take more (drained), or it closed, or the client went away. */
function drained(res: ServerResponse, gone: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      gone.removeEventListener("abort", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
    gone.addEventListener("abort", done, { once: true });
  });
}

/**
 * Write an event stream as it is produced (the desired-state stream lasts minutes). The client
 * going away cancels it; a stream that fails breaks the connection, so the client sees an
 * error rather than a clean end.
 */
async function streamBody(
  body: ReadableStream<Uint8Array>,
  res: ServerResponse,
  gone: AbortSignal,
): Promise<void> {
  const reader = body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  if (gone.aborted) cancel();
  else gone.addEventListener("abort", cancel, { once: true });
  res.flushHeaders();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // A client that does not read (a slow link, a stuck agent) holds the next read back: the
      // stream produces nothing more until the socket takes this chunk, instead of piling up.
      if (!res.write(value)) await drained(res, gone);
    }
    res.end();
  } catch {
    res.destroy();
  } finally {
    gone.removeEventListener("abort", cancel);
  }
}
