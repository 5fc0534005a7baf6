// SSRF guard for Prometheus source URLs: a source URL is admin-supplied but Meridian's
// server fetches it, so it must not reach cloud metadata, link-local or (unless an admin
// allow-lists them) loopback and private networks. Every resolved address is checked,
// not just the first (a hostname with one public and one private A record is refused).
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";

import ipaddr from "ipaddr.js";

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
const METADATA_ADDRESSES = new Set(
  ["169.254.169.254", "100.100.100.200", "fd00:ec2::254"].map((a) => ipaddr.parse(a).toString()),
);

type Address = ipaddr.IPv4 | ipaddr.IPv6;

function parseAddress(address: string): Address | null {
  // isIP first: ipaddr.parse also takes the legacy IPv4 forms (0x7f.1), which are not
  // addresses here (the URL parser has already normalised them in a literal host).
  return isIP(address) ? ipaddr.parse(address) : null;
}

/**
 * The IPv4 address an IPv6 address carries, for the forms a host routes to that IPv4
 * address: IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d, RFC 6145),
 * IPv4-compatible (::a.b.c.d, deprecated but still routed by some stacks), NAT64 with the
 * well-known prefix (64:ff9b::/96, RFC 6052) and 6to4 (2002:aabb:ccdd::/48, RFC 3056).
 */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = address.parts;
  const tail = () => new ipaddr.IPv4([p[6]! >> 8, p[6]! & 0xff, p[7]! >> 8, p[7]! & 0xff]);
  const zeros = (from: number, to: number) => p.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && p[5] === 0xffff) return tail(); // mapped
  if (zeros(0, 4) && p[4] === 0xffff && p[5] === 0) return tail(); // translated
  if (zeros(0, 6) && (p[6] !== 0 || p[7]! > 1)) return tail(); // compatible, not :: or ::1
  if (p[0] === 0x64 && p[1] === 0xff9b && zeros(2, 6)) return tail(); // NAT64
  if (p[0] === 0x2002) {
    return new ipaddr.IPv4([p[1]! >> 8, p[1]! & 0xff, p[2]! >> 8, p[2]! & 0xff]); // 6to4
  }
  return null;
}

/** The address itself and, for an IPv6 form that carries one, its IPv4 address. */
function forms(address: Address): Address[] {
  if (address.kind() === "ipv4") return [address];
  const inner = embeddedIpv4(address as ipaddr.IPv6);
  return inner ? [address, inner] : [address];
}

/**
 * Public means ipaddr.js classifies the address (its IPv4 address, for an embedded form) as
 * plain unicast: every special-purpose range — loopback, private, unique local, link-local,
 * CGNAT, unspecified, multicast, broadcast, benchmarking, documentation, reserved, Teredo,
 * the local-use NAT64 prefix — is not.
 */
function isPublic(address: Address): boolean {
  const all = forms(address);
  return all[all.length - 1]!.range() === "unicast";
}

function isMetadata(address: Address): boolean {
  return forms(address).some((a) => METADATA_ADDRESSES.has(a.toString()));
}

interface AllowList {
  blocks: Array<[Address, number]>;
  hosts: Set<string>;
  suffixes: string[];
}

function parseAllowList(entries: readonly string[]): AllowList {
  const blocks: Array<[Address, number]> = [];
  const hosts = new Set<string>();
  const suffixes: string[] = [];
  for (const raw of entries) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    const [addr = "", prefix] = entry.split("/");
    const parsed = parseAddress(addr);
    if (parsed && prefix !== undefined) {
      const bits = Number(prefix);
      const max = parsed.kind() === "ipv4" ? 32 : 128;
      if (!/^\d+$/.test(prefix) || bits > max) {
        throw new Error(`invalid allow-list CIDR: ${raw}`);
      }
      blocks.push([parsed, bits]);
    } else if (parsed) {
      blocks.push([parsed, parsed.kind() === "ipv4" ? 32 : 128]);
    } else if (entry.startsWith("*.")) {
      suffixes.push(entry.slice(1));
    } else {
      hosts.add(entry.replace(/\.$/, ""));
    }
  }
  return { blocks, hosts, suffixes };
}

/** An allow-listed block covers an address when it covers the address or its IPv4 form. */
function blockListed(allow: AllowList, address: Address): boolean {
  return forms(address).some((a) =>
    allow.blocks.some(([net, bits]) => net.kind() === a.kind() && a.match(net, bits)),
  );
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
 * Refuses non-http(s) schemes, userinfo, metadata endpoints always (in any embedded
 * form), and every address that is not public unicast — loopback, private, CGNAT,
 * link-local, multicast, reserved, ... — unless the allow-list permits it. Hostnames are
 * resolved and every address is checked.
 *
 * `check` alone leaves a DNS-rebinding window between the check and the fetch; `resolve`
 * returns the vetted addresses so the request can connect to exactly those
 * (lib/fleet-metrics/pinned-fetch.ts).
 */
export function createSsrfGuard(options: SsrfGuardOptions = {}): SsrfGuard {
  const allow = parseAllowList(options.allow ?? []);
  const resolver = options.resolver ?? defaultResolver;

  const hostAllowed = (host: string): boolean =>
    allow.hosts.has(host) || allow.suffixes.some((s) => host.endsWith(s));

  const addressAllowed = (raw: string, hostListed: boolean): boolean => {
    const address = parseAddress(raw);
    if (!address) return false;
    if (isMetadata(address)) return false;
    if (isPublic(address)) return true;
    return hostListed || blockListed(allow, address);
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
    const literal = isIP(host);
    if (literal) {
      addresses = [{ address: host, family: literal }];
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
