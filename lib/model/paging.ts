import { z } from "zod";

// Cursor paging for list endpoints, newest first: `?limit=&cursor=`, answered as
// `{ items, nextCursor }` with `nextCursor` null on the last page. The cursor is opaque to
// clients (today the last item's id or number). A minimal primitive for the audit log and the
// change-set history, meant to fold into a shared one.

/** The largest value of the column a cursor pages over: a 32-bit `Int` or a 64-bit `BigInt`. */
export const CURSOR_MAX = { int: 2n ** 31n - 1n, bigint: 2n ** 63n - 1n } as const;

/**
 * `limit` and `cursor` query parameters (cursor: the previous page's `nextCursor`). The cursor
 * is bounded by its column's range, so a forged one is a 400 and never reaches the database.
 */
export function pageQueryShape(
  maxLimit: number,
  defaultLimit: number,
  column: keyof typeof CURSOR_MAX,
) {
  const message = "cursor must be a nextCursor value";
  return {
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
    cursor: z
      .string()
      .refine((c) => /^\d{1,19}$/.test(c) && BigInt(c) <= CURSOR_MAX[column], message)
      .optional(),
  };
}

/** One page of `item`, newest first. */
export function pageSchema<T extends z.ZodTypeAny>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

/** The page of `rows` (fetched with `limit + 1`) and the cursor of the next one. */
export function pageOf<T>(
  rows: readonly T[],
  limit: number,
  cursorOf: (last: T) => string,
): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  return {
    items,
    nextCursor: rows.length > limit && items.length ? cursorOf(items[items.length - 1]!) : null,
  };
}
