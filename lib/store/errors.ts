// Typed store errors: the only errors lib/store throws on purpose. lib/api/respond.ts maps them
// to HTTP statuses; services may catch them to say more.

export type StoreErrorKind = "not_found" | "conflict" | "stale_version";

export class StoreError extends Error {
  constructor(
    readonly kind: StoreErrorKind,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "StoreError";
  }
}

/** A row the caller named does not exist. */
export class NotFoundError extends StoreError {
  constructor(what: string) {
    super("not_found", "not_found", `${what} not found`);
  }
}

/** A write would break a uniqueness rule. */
export class ConflictError extends StoreError {
  constructor(message: string, code = "conflict") {
    super("conflict", code, message);
  }
}

/** An optimistic-concurrency check failed: the row changed since the caller read it. */
export class StaleVersionError extends StoreError {
  constructor(message: string, code = "version_conflict") {
    super("stale_version", code, message);
  }
}
