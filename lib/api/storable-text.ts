import { ApiError } from "@/lib/api/errors";

/** NUL, or a surrogate half without its other half. */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Deeper than any body the API takes (a Kubernetes object nests about 15 levels). */
export const MAX_JSON_DEPTH = 64;

/**
 * What is wrong with a parsed JSON value, walked iteratively (issue 37.2: the recursive walk
 * overflowed the stack on a body nested 4,000 deep, an anonymous 500): `"too_deep"` past
 * {@link MAX_JSON_DEPTH} levels, which nothing after this check (zod, JSON.stringify, Prisma)
 * could then walk either; `"text"` when a string or key cannot be stored: Postgres text and
 * jsonb refuse NUL (22021, 22P05) and unpaired surrogates (22P02), which valid JSON carries as
 * `\u0000` and `\ud800` escapes and a URL as `%00` (the contract fuzz sent each and got a 500).
 */
export function jsonProblem(value: unknown): "too_deep" | "text" | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const v = item.value;
    if (typeof v === "string") {
      if (UNSTORABLE.test(v)) return "text";
      continue;
    }
    if (!v || typeof v !== "object") continue;
    if (item.depth >= MAX_JSON_DEPTH) return "too_deep";
    const depth = item.depth + 1;
    if (Array.isArray(v)) {
      for (const child of v) stack.push({ value: child, depth });
      continue;
    }
    for (const [k, child] of Object.entries(v)) {
      if (UNSTORABLE.test(k)) return "text";
      stack.push({ value: child, depth });
    }
  }
  return null;
}

/**
 * 400 `too_deep` for a value nested past {@link MAX_JSON_DEPTH}, 400 `invalid_text` unless
 * every string in `value` can be stored (see {@link jsonProblem}).
 */
export function requireStorableText(value: unknown, where: string): void {
  const problem = jsonProblem(value);
  if (problem === "too_deep") {
    throw new ApiError(
      400,
      "too_deep",
      `The ${where} is nested deeper than ${MAX_JSON_DEPTH} levels`,
    );
  }
  if (problem === "text") {
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
