import { createHash } from "node:crypto";

/** Stable JSON for comparing values: object keys sorted, undefined members dropped. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * Equal as canonical JSON (key order ignored, undefined members dropped), without building
 * strings: values read back from jsonb have their keys reordered, so plain JSON.stringify
 * rarely matches them, and canonicalJson costs two strings per comparison.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bs = b as unknown[];
    if (a.length !== bs.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], bs[i])) return false;
    return true;
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  let defined = 0;
  for (const k in ao) {
    if (!Object.hasOwn(ao, k) || ao[k] === undefined) continue;
    if (bo[k] === undefined || !sameJson(ao[k], bo[k])) return false;
    defined++;
  }
  for (const k in bo) if (Object.hasOwn(bo, k) && bo[k] !== undefined) defined--;
  return defined === 0;
}

/** SHA-256 (hex) of a value's canonical JSON: equal content, equal hash. */
export function contentHash(value: unknown): string {
  return createHash("sha256").update(canonicalJson(value)).digest("hex");
}
