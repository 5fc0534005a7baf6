// SSRF guard for Prometheus source URLs: a source URL is admin-supplied but Meridian's
// server fetches it, so it must not reach cloud metadata, link-local or (unless an admin
// allow-lists them) loopback and private networks. Every resolved address is checked,
// not just the first (a hostname with one public and one private A record is refused).
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/** One resolved address, as `dns.lookup(host, { all: true })` returns it. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a hostname to all of its addresses (injectable for tests). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** Options for {@link createSsrfGuard}. */
export interface SsrfGuardOptions {
  /**
   * Admin allow-list: CIDRs (`10.0.0.0/8`, `fd00::/8`), single addresses, exact hostnames
   * (`prometheus.monitoring.svc`) or suffixes (`*.svc.cluster.local`). An allow-listed
   * entry permits loopback/private/link-local targets; metadata endpoints stay refused.
   */
  allow?: readonly string[];
  resolver?: HostResolver;
}

/** Why a URL was refused; the message is generic and never names the host. */
export type SsrfRefusal = "invalid-url" | "scheme" | "userinfo" | "address" | "unresolvable";

/** A refused source URL. The message never contains the URL, host or address. */
export class SsrfError extends Error {
  constructor(readonly reason: SsrfRefusal) {
    super(`source URL refused: ${REFUSAL_TEXT[reason]}`);
    this.name = "SsrfError";
  }
}

const REFUSAL_TEXT: Record<SsrfRefusal, string> = {
  "invalid-url": "not a valid URL",
  scheme: "only http and https are allowed",
  userinfo: "credentials in the URL are not allowed (configure auth separately)",
  address: "the address is not allowed",
  unresolvable: "the host could not be resolved",
};

// Cloud metadata endpoints: never allowed, whatever the allow-list says.
// AWS IMDS IPv4/IPv6 (https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/instancedata-data-retrieval.html),
// GCP's metadata.google.internal, Alibaba's 100.100.100.200.
const METADATA_HOSTS = new Set(["metadata.google.internal", "metadata", "metadata.goog"]);
const METADATA_ADDRESSES = new BlockList();
METADATA_ADDRESSES.addAddress("169.254.169.254", "ipv4");
METADATA_ADDRESSES.addAddress("100.100.100.200", "ipv4");
METADATA_ADDRESSES.addAddress("fd00:ec2::254", "ipv6");

// Refused unless allow-listed. BlockList also matches IPv4-mapped IPv6 (::ffff:10.0.0.1).
const PRIVATE_RANGES: ReadonlyArray<[string, number, "ipv4" | "ipv6"]> = [
  ["0.0.0.0", 8, "ipv4"], // "this network": 0.0.0.0 reaches the local host on Linux
  ["10.0.0.0", 8, "ipv4"],
  ["100.64.0.0", 10, "ipv4"], // carrier-grade NAT (RFC 6598)
  ["127.0.0.0", 8, "ipv4"],
  ["169.254.0.0", 16, "ipv4"], // link-local
  ["172.16.0.0", 12, "ipv4"],
  ["192.168.0.0", 16, "ipv4"],
  ["::", 128, "ipv6"], // unspecified
  ["::1", 128, "ipv6"],
  ["fc00::", 7, "ipv6"], // unique local
  ["fe80::", 10, "ipv6"], // link-local
];
const PRIVATE = new BlockList();
for (const [net, prefix, type] of PRIVATE_RANGES) PRIVATE.addSubnet(net, prefix, type);

function family(address: string): "ipv4" | "ipv6" | null {
  const v = isIP(address);
  return v === 4 ? "ipv4" : v === 6 ? "ipv6" : null;
}

interface AllowList {
  blocks: BlockList;
  hosts: Set<string>;
  suffixes: string[];
}

function parseAllowList(entries: readonly string[]): AllowList {
  const blocks = new BlockList();
  const hosts = new Set<string>();
  const suffixes: string[] = [];
  for (const raw of entries) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    const [addr = "", prefix] = entry.split("/");
    const type = family(addr);
    if (type && prefix !== undefined) {
      const bits = Number(prefix);
      const max = type === "ipv4" ? 32 : 128;
      if (!Number.isInteger(bits) || bits < 0 || bits > max) {
        throw new Error(`invalid allow-list CIDR: ${raw}`);
      }
      blocks.addSubnet(addr, bits, type);
    } else if (type) {
      blocks.addAddress(addr, type);
    } else if (entry.startsWith("*.")) {
      suffixes.push(entry.slice(1));
    } else {
      hosts.add(entry.replace(/\.$/, ""));
    }
  }
  return { blocks, hosts, suffixes };
}

const defaultResolver: HostResolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** A checked URL and the addresses it was checked against (connect only to these). */
export interface CheckedTarget {
  url: URL;
  addresses: ResolvedAddress[];
}

/** A reusable guard: `check(url)` resolves to the parsed URL or rejects with {@link SsrfError}. */
export interface SsrfGuard {
  check(url: string): Promise<URL>;
  /** Like `check`, plus the vetted addresses, for DNS pinning (see pinned-fetch.ts). */
  resolve(url: string): Promise<CheckedTarget>;
}

/**
 * Builds a guard that validates a Prometheus source URL before it is saved or fetched.
 * Refuses non-http(s) schemes, userinfo, metadata endpoints always, and loopback,
 * private, CGNAT and link-local addresses unless the allow-list permits them. Hostnames
 * are resolved and every address is checked.
 *
 * `check` alone leaves a DNS-rebinding window between the check and the fetch; `resolve`
 * returns the vetted addresses so the request can connect to exactly those
 * (lib/metrics/pinned-fetch.ts).
 */
export function createSsrfGuard(options: SsrfGuardOptions = {}): SsrfGuard {
  const allow = parseAllowList(options.allow ?? []);
  const resolver = options.resolver ?? defaultResolver;

  const hostAllowed = (host: string): boolean =>
    allow.hosts.has(host) || allow.suffixes.some((s) => host.endsWith(s));

  const addressAllowed = (address: string, hostListed: boolean): boolean => {
    const type = family(address);
    if (!type) return false;
    if (METADATA_ADDRESSES.check(address, type)) return false;
    if (!PRIVATE.check(address, type)) return true;
    return hostListed || allow.blocks.check(address, type);
  };

  const resolve = async (raw: string): Promise<CheckedTarget> => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new SsrfError("invalid-url");
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new SsrfError("scheme");
    if (url.username || url.password) throw new SsrfError("userinfo");
    // WHATWG URL already normalised odd IPv4 forms (0x7f.1, 2130706433) to dotted quads;
    // IPv6 literals keep their brackets in `hostname`.
    const host = url.hostname
      .replace(/^\[|\]$/g, "")
      .replace(/\.$/, "")
      .toLowerCase();
    if (!host) throw new SsrfError("invalid-url");
    if (METADATA_HOSTS.has(host)) throw new SsrfError("address");

    let addresses: ResolvedAddress[];
    const literal = family(host);
    if (literal) {
      addresses = [{ address: host, family: literal === "ipv4" ? 4 : 6 }];
    } else {
      try {
        addresses = await resolver(host);
      } catch {
        throw new SsrfError("unresolvable");
      }
      if (addresses.length === 0) throw new SsrfError("unresolvable");
    }
    const listed = !literal && hostAllowed(host);
    if (!addresses.every((a) => addressAllowed(a.address, listed))) {
      throw new SsrfError("address");
    }
    return { url, addresses };
  };
  return { resolve, check: async (raw) => (await resolve(raw)).url };
}
