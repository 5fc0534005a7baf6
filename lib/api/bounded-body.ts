import { ApiError } from "@/lib/api/errors";
import type { AgentApiRequest } from "@/lib/api/route-types";

function tooLarge(maxBytes: number): ApiError {
  return new ApiError(413, "payload_too_large", `Body larger than ${maxBytes} bytes`);
}

/**
 * A request's body as text, read no further than `maxBytes` (issue 37.3: the public register
 * read a whole 100 MB body before its 16 KB check, and five at once took the app to 1 GB). A
 * declared `Content-Length` over the limit is refused before a byte is read; a body streamed
 * without one is cancelled as soon as it passes the limit. The agent listener's request has no
 * stream: its bridge already stopped buffering at the agent API's largest body.
 */
export async function readBoundedText(
  req: Pick<AgentApiRequest, "headers" | "text" | "body">,
  maxBytes: number,
): Promise<string> {
  const declared = Number(req.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  if (!req.body) {
    const text = await req.text();
    if (Buffer.byteLength(text) > maxBytes) throw tooLarge(maxBytes);
    return text;
  }
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      // Stop pulling: Node discards the rest of the upload once the answer is sent.
      void reader.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * 413 unless the request has no body: for an action that takes none (a rollback, a source test),
 * so a body is neither read nor acted on with (issue 37.10: a 10 MB body still rolled back).
 */
export async function requireNoBody(
  req: Pick<AgentApiRequest, "headers" | "text" | "body">,
): Promise<void> {
  await readBoundedText(req, 0);
}
