import { createHash } from "node:crypto";

import { DNS_LABEL_MAX } from "../../agent-protocol/k8s-names";

/** First 8 hex digits of SHA-256 over the parts: a stable disambiguator for derived names. */
export function hash8(...parts: string[]): string {
  return createHash("sha256").update(parts.join("\u0000")).digest("hex").slice(0, 8);
}

/**
 * A stable object name `meridian-<base>-<hash8>` of at most 63 characters (an RFC 1123 label,
 * so it is valid for every kind). The hash covers the untruncated parts, so two long bases that
 * share a prefix still get different names.
 */
export function derivedName(...parts: string[]): string {
  const cacheKey = parts.join("\u0000");
  const cached = NAME_CACHE.get(cacheKey);
  if (cached) return cached;
  if (NAME_CACHE.size >= NAME_CACHE_MAX) NAME_CACHE.clear();
  const name = computeName(parts);
  NAME_CACHE.set(cacheKey, name);
  return name;
}

// Names are a pure function of their parts; a bounded cache spares re-hashing on every compile.
const NAME_CACHE = new Map<string, string>();
const NAME_CACHE_MAX = 100_000;

function computeName(parts: string[]): string {
  const suffix = `-${hash8(...parts)}`;
  const room = DNS_LABEL_MAX - "meridian-".length - suffix.length;
  const base = parts
    .join("-")
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")
    .slice(0, room)
    .replace(/-+$/, "");
  return `meridian-${base}${suffix}`;
}
