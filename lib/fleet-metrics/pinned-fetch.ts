// A `fetch` for outbound requests to metrics sources that closes the DNS-rebinding window
// of check-then-fetch: every request URL is checked by the SSRF guard, which resolves the
// host once, and the connection goes to exactly the vetted addresses (a custom `lookup`
// on node:http/https — the TLS name and Host header stay the URL's host). Redirects are
// never followed (node:http does not follow them; the client refuses any 3xx), and the
// body is capped so an oversized answer cannot exhaust memory.
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";

import type { ResolvedAddress, SsrfGuard } from "@/lib/fleet-metrics/ssrf-guard";

/** The body was larger than allowed; the request was aborted. */
export class ResponseTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super("response too large");
    this.name = "ResponseTooLargeError";
  }
}

/** Options for {@link createPinnedFetch}. */
export interface PinnedFetchOptions {
  guard: SsrfGuard;
  /** Largest response body accepted (default 16 MiB). */
  maxBodyBytes?: number;
}

/** A lookup that answers only with the vetted addresses, in either callback form. */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  type Callback = (err: null, address: string | ResolvedAddress[], family?: number) => void;
  return ((_hostname: string, options: { all?: boolean; family?: number }, callback: Callback) => {
    const wanted = options.family
      ? addresses.filter((a) => a.family === options.family)
      : addresses;
    const list = wanted.length ? wanted : addresses;
    if (options.all) callback(null, list);
    else callback(null, list[0]!.address, list[0]!.family);
  }) as unknown as LookupFunction;
}

const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * Builds the fetch. It supports what the Prometheus client uses: GET, headers, an abort
 * signal; `redirect` is ignored because nothing is ever followed.
 */
export function createPinnedFetch(options: PinnedFetchOptions): typeof fetch {
  const maxBody = options.maxBodyBytes ?? 16 * 1024 * 1024;
  const pinned = async (input: string | URL | Request, init: RequestInit = {}) => {
    const raw = input instanceof Request ? input.url : String(input);
    const { url, addresses } = await options.guard.resolve(raw);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => (headers[k] = v));
    const signal = init.signal ?? undefined;
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    return new Promise<Response>((resolve, reject) => {
      const req = send(
        url,
        { method: init.method ?? "GET", headers, lookup: pinnedLookup(addresses), signal },
        (res: IncomingMessage) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxBody) {
              res.destroy();
              req.destroy();
              reject(new ResponseTooLargeError(maxBody));
              return;
            }
            chunks.push(chunk);
          });
          res.on("error", reject);
          res.on("end", () => {
            const status = res.statusCode ?? 502;
            const out = new Headers();
            for (const [k, v] of Object.entries(res.headers)) {
              if (typeof v === "string") out.set(k, v);
              else if (Array.isArray(v)) for (const item of v) out.append(k, item);
            }
            resolve(
              new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), {
                status: status < 200 || status > 599 ? 502 : status,
                headers: out,
              }),
            );
          });
        },
      );
      req.on("error", reject);
      req.end();
    });
  };
  return pinned as typeof fetch;
}
