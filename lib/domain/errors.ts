// Domain errors: what went wrong, in the application's words. The services throw these; the API
// layer (lib/api/respond.ts) is the one place that turns a kind into an HTTP status.

/** What kind of failure an error is, independent of any transport. */
export type DomainErrorKind =
  | "invalid"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "unprocessable"
  | "unavailable";

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

/** `what` does not exist (or is not visible to the caller). */
export const notFound = (what: string) =>
  new DomainError("not_found", "not_found", `${what} not found`);

/** The request is well formed but contradicts the current state. */
export const conflict = (message: string, code = "conflict") =>
  new DomainError("conflict", code, message);

/** The input is wrong in a way a schema could not say. */
export const invalid = (message: string, code = "invalid_input") =>
  new DomainError("invalid", code, message);
