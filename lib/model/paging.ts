import { z } from "zod";

// Cursor paging for list endpoints, newest first: `?limit=&cursor=`, answered as
// `{ items, nextCursor }` with `nextCursor` null on the last page. The cursor is opaque to
// clients (today the last item's id or number). A minimal primitive for the audit log and the
// change-set history, meant to fold into a shared one.

/** `limit` and `cursor` query parameters (cursor: the previous page's `nextCursor`). */
export function pageQueryShape(maxLimit: number, defaultLimit: number) {
  return {
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
    cursor: z
      .string()
      .regex(/^\d{1,19}$/, "cursor must be a nextCursor value")
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
