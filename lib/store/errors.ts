// Typed store errors: the only errors lib/store throws on purpose. lib/api/respond.ts maps them
// to HTTP statuses; services may catch them to say more.

export type StoreErrorKind = "invalid" | "not_found" | "conflict" | "stale_version" | "unavailable";

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

/** The database cannot serve now (down, restarting, no connection free in time): retry later. */
export class DatabaseUnavailableError extends StoreError {
  constructor() {
    super("unavailable", "database_unavailable", "The database is unavailable; retry shortly");
  }
}

/** A value the caller sent holds text no Postgres column can store: refused, nothing written. */
export class InvalidTextError extends StoreError {
  constructor() {
    super(
      "invalid",
      "invalid_text",
      "The request holds text the database cannot store: a NUL character or an unpaired UTF-16 surrogate",
    );
  }
}

// How the driver says "the database cannot serve": Prisma's codes (P1001 unreachable, P1002 and
// P1008 timeouts, P1017 connection closed, P2024 no pooled connection in time, P2028 no
// transaction started in time, P2037 too many connections), Prisma's driver-adapter kinds, and
// Postgres' SQLSTATEs: class 08 (connection exception), 53300 (too many connections), 57P01–03
// (shutdown by the administrator, crash, still starting up). https://www.prisma.io/docs/orm/reference/error-reference
// https://www.postgresql.org/docs/current/errcodes-appendix.html
const UNAVAILABLE_PRISMA_CODES = new Set([
  "P1001",
  "P1002",
  "P1008",
  "P1017",
  "P2024",
  "P2028",
  "P2037",
]);
const UNAVAILABLE_ADAPTER_KINDS = new Set([
  "DatabaseNotReachable",
  "SocketTimeout",
  "ConnectionClosed",
  "TooManyConnections",
]);
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|53300|57P0[123])$/;
const UNAVAILABLE_ERRNO = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
]);
// node-postgres' own messages for a connection it lost or could not make (they carry no code).
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated( unexpectedly| due to connection timeout)?|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect)$/;

type DriverErrorLike = {
  code?: unknown;
  kind?: unknown;
  originalCode?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: unknown };
};

/** A thrown value and what it wraps (causes, the driver adapter's error, aggregates), bounded. */
function* causes(error: unknown): Generator<DriverErrorLike> {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length) {
    const e = queue.shift() as DriverErrorLike | null | undefined;
    if (!e || typeof e !== "object" || seen.has(e) || seen.size > 10) continue;
    seen.add(e);
    yield e;
    queue.push(e.cause, e.meta?.driverAdapterError);
    if (e instanceof AggregateError) queue.push(...e.errors);
  }
}

/**
 * Whether a thrown value says the database cannot serve now rather than that the query is
 * wrong: Prisma's errors, the driver adapter's and node-postgres', through their causes.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of causes(error)) {
    const code = typeof e.code === "string" ? e.code : "";
    if (UNAVAILABLE_PRISMA_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code)) return true;
    if (UNAVAILABLE_ERRNO.has(code)) return true;
    if (typeof e.kind === "string" && UNAVAILABLE_ADAPTER_KINDS.has(e.kind)) return true;
    if (typeof e.originalCode === "string" && UNAVAILABLE_SQLSTATE.test(e.originalCode))
      return true;
    if (typeof e.message === "string" && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  }
  return false;
}

// Postgres refusing a value's text: 22021 (a NUL byte in a text parameter: "invalid byte sequence
// for encoding UTF8: 0x00"), 22P05 (`\u0000` in jsonb: "unsupported Unicode escape sequence"),
// 22P02 (an unpaired surrogate escape in jsonb, or text that is no uuid/number where one is
// stored). Each is the caller's input, never the server's state.
const INVALID_TEXT_SQLSTATE = /^(22021|22P05|22P02)$/;
const INVALID_TEXT_MESSAGE =
  /^(invalid byte sequence for encoding "UTF8": 0x00|unsupported Unicode escape sequence|invalid input syntax for type \w+)/;

/** Whether a thrown value is Postgres refusing text the caller sent (see INVALID_TEXT_SQLSTATE). */
export function isInvalidText(error: unknown): boolean {
  for (const e of causes(error)) {
    for (const code of [e.code, e.originalCode])
      if (typeof code === "string" && INVALID_TEXT_SQLSTATE.test(code)) return true;
    if (typeof e.message === "string" && INVALID_TEXT_MESSAGE.test(e.message)) return true;
  }
  return false;
}
