import { isIP } from "node:net";
import { PEER_HEADER } from "@/lib/infra/peer-address";

/** Reads one request header (a `Headers`, next-auth's plain object, the agent listener's). */
export type HeaderGetter = (name: string) => string | null | undefined;

/** next-auth hands `authorize` the request's headers as a plain object. */
export function headerGetter(headers: Record<string, unknown> | undefined): HeaderGetter {
  return (name) => {
    const value = headers?.[name];
    return typeof value === "string" ? value : null;
  };
}

function normalise(entry: string | null | undefined): string {
  const address = (entry ?? "").trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  return isIP(address) ? address.toLowerCase() : "unknown";
}

/**
 * The caller's address for per-address limits (docs/abuse-limits.md).
 *
 * - `trustedProxies` 0 (the default): Meridian is reached directly, so `X-Forwarded-For` is
 *   the client's own word and is ignored; the address is the TCP peer ({@link PEER_HEADER},
 *   which Meridian itself writes on every request).
 * - N > 0: N reverse proxies of yours, each appending the address it saw, stand in front. The
 *   chain is `X-Forwarded-For` plus the peer; the client is the entry N places from its right
 *   end (what the outermost proxy of yours saw). Entries further left are the client's word.
 *
 * "unknown" when there is no address (all such callers share one budget: it errs on refusing).
 */
export function clientIp(header: HeaderGetter, trustedProxies = 0): string {
  const peer = header(PEER_HEADER);
  if (trustedProxies === 0) return normalise(peer);
  const chain = (header("x-forwarded-for") ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  if (peer) chain.push(peer);
  return normalise(chain[Math.max(0, chain.length - 1 - trustedProxies)]);
}
