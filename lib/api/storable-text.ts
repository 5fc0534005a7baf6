import { ApiError } from "@/lib/api/errors";

/** NUL, or a surrogate half without its other half. */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether every string and key in `value` can be stored: Postgres text and jsonb refuse NUL
 * (22021, 22P05) and unpaired surrogates (22P02), which valid JSON carries as `\u0000` and
 * `\ud800` escapes and a URL as `%00` (the contract fuzz sent each and got a 500).
 */
export function isStorableText(value: unknown): boolean {
  if (typeof value === "string") return !UNSTORABLE.test(value);
  if (Array.isArray(value)) return value.every(isStorableText);
  if (value && typeof value === "object")
    return Object.entries(value).every(([k, v]) => isStorableText(k) && isStorableText(v));
  return true;
}

/** 400 invalid_text unless every string in `value` can be stored (see {@link isStorableText}). */
export function requireStorableText(value: unknown, where: string): void {
  if (!isStorableText(value)) {
    throw new ApiError(
      400,
      "invalid_text",
      `The ${where} holds text no column can store: a NUL character or an unpaired UTF-16 surrogate`,
    );
  }
}

/**
 * The path and query parameters of a request, checked before any handler runs: a NUL in either
 * reached Postgres (`GET /api/v1/services?q=%00`, `GET /api/v1/clusters/a%00b`) and answered 500,
 * and on the embedded database it also broke the pooled connection.
 */
export function requireStorableRequest(
  searchParams: URLSearchParams,
  params: Record<string, string | string[] | undefined> | undefined,
): void {
  requireStorableText([...searchParams.entries()].flat(), "query string");
  requireStorableText(Object.values(params ?? {}), "path");
}
