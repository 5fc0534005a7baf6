// Domain errors: what went wrong, in the application's words. The services throw these; the API
// layer (lib/api/respond.ts) is the one place that turns a kind into an HTTP status.
import { waitInWords } from "@/lib/domain/retry-wait";

/** What kind of failure an error is, independent of any transport. */
export type DomainErrorKind =
  | "invalid"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "unprocessable"
  | "unavailable"
  | "rate_limited";

/** A failure the caller can act on: a kind, a stable code and a message safe to show. */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

/**
 * Whether `error` is a DomainError. Checked by name as well as by class: a production server
 * bundle can hold two copies of this module (one per chunk), and a page that catches what a
 * service in another chunk threw must still recognise it.
 */
export function isDomainError(error: unknown): error is DomainError {
  return (
    error instanceof DomainError ||
    (error instanceof Error &&
      error.name === "DomainError" &&
      typeof (error as Partial<DomainError>).kind === "string")
  );
}

/** `what` does not exist (or is not visible to the caller). */
export const notFound = (what: string) =>
  new DomainError("not_found", "not_found", `${what} not found`);

/** The request is well formed but contradicts the current state. */
export const conflict = (message: string, code = "conflict") =>
  new DomainError("conflict", code, message);

/** The input is wrong in a way a schema could not say. */
export const invalid = (message: string, code = "invalid_input") =>
  new DomainError("invalid", code, message);

/** Saturated: nothing was done, and the caller should try again after `retryAfterSeconds`. */
export class UnavailableError extends DomainError {
  constructor(
    code: string,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super("unavailable", code, message);
    this.name = "UnavailableError";
  }
}

/** Too many attempts of something in its window: try again in `retryAfterSeconds`. */
export class RateLimitedError extends DomainError {
  constructor(
    what: string,
    readonly retryAfterSeconds: number,
  ) {
    super(
      "rate_limited",
      "rate_limited",
      `${what}. Try again in ${waitInWords(retryAfterSeconds)}.`,
      {
        retryAfterSeconds,
      },
    );
    this.name = "RateLimitedError";
  }
}
