import "server-only";
import { NextResponse } from "next/server";
import { z } from "zod";
import { readBoundedText } from "@/lib/api/bounded-body";
import { ApiError, describeZodError } from "@/lib/api/errors";
import type { AgentApiRequest } from "@/lib/api/route-types";
import { requireStorableText } from "@/lib/api/storable-text";
import {
  DomainError,
  RateLimitedError,
  UnavailableError,
  type DomainErrorKind,
} from "@/lib/domain/errors";
import { log } from "@/lib/infra/log";
import {
  DatabaseUnavailableError,
  InvalidTextError,
  isDatabaseUnavailable,
  isInvalidText,
  StoreError,
  type StoreErrorKind,
} from "@/lib/store/errors";

const MAX_BODY_BYTES = 1024 * 1024;

/** JSON response validated against its schema, so the API never drifts from its contract. */
export function json<T extends z.ZodTypeAny>(
  schema: T,
  data: z.input<T>,
  status = 200,
  headers?: Record<string, string>,
): NextResponse {
  return NextResponse.json(schema.parse(data), { status, ...(headers ? { headers } : {}) });
}

/** Read a JSON body: 415 for another content type, 413 when too large, 400 when malformed. */
export async function readJson(
  req: Pick<AgentApiRequest, "headers" | "text" | "body">,
  maxBytes = MAX_BODY_BYTES,
): Promise<unknown> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) {
    throw new ApiError(415, "unsupported_media_type", "Send the body as application/json");
  }
  let text: string;
  try {
    text = await readBoundedText(req, maxBytes);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // The client went away (timeout, abort) before its body arrived: nothing to act on.
    throw new ApiError(400, "incomplete_body", "The request body was not received completely");
  }
  return parseJsonBody(text);
}

/**
 * A request body's text as JSON: 400 `malformed_json` when it is not JSON, 400 `too_deep` or
 * `invalid_text` when it nests too deep or holds text no column can store.
 */
export function parseJsonBody(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, "malformed_json", "The request body is not valid JSON");
  }
  requireStorableText(value, "body");
  return value;
}

/** The one table from a failure's kind to its HTTP status. */
const STATUS: Record<DomainErrorKind | StoreErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  stale_version: 409,
  unprocessable: 422,
  unavailable: 503,
  rate_limited: 429,
};

/** Seconds a client should wait before retrying a 503 (a 429 says its own). */
export const RETRY_AFTER_SECONDS = 5;

function retryAfter(error: DomainError | StoreError, status: number): string | null {
  if (error instanceof RateLimitedError || error instanceof UnavailableError)
    return String(error.retryAfterSeconds);
  return status === 503 ? String(RETRY_AFTER_SECONDS) : null;
}

type PrismaLikeError = { code?: unknown; meta?: { target?: unknown } };

/** Map any thrown value to a JSON error response without leaking internals. */
export function errorResponse(error: unknown): NextResponse {
  if (error instanceof ApiError) {
    return NextResponse.json(
      {
        error: {
          code: error.code,
          message: error.message,
          ...(error.details ? { details: error.details } : {}),
        },
      },
      { status: error.status },
    );
  }
  if (error instanceof DomainError || error instanceof StoreError) {
    const status = STATUS[error.kind];
    const details = error instanceof DomainError ? error.details : undefined;
    const wait = retryAfter(error, status);
    return NextResponse.json(
      { error: { code: error.code, message: error.message, ...(details ? { details } : {}) } },
      { status, ...(wait ? { headers: { "Retry-After": wait } } : {}) },
    );
  }
  if (error instanceof z.ZodError) {
    return NextResponse.json(
      { error: { code: "invalid_input", message: describeZodError(error) } },
      { status: 400 },
    );
  }
  const code = (error as PrismaLikeError | null)?.code;
  if (code === "P2002") {
    return NextResponse.json(
      { error: { code: "conflict", message: "An object with that name already exists" } },
      { status: 409 },
    );
  }
  if (code === "P2025") {
    return NextResponse.json(
      { error: { code: "not_found", message: "Not found" } },
      { status: 404 },
    );
  }
  // A database that cannot serve (down, restarting, no connection in time) is a 503 the client
  // retries, whatever layer it surfaced in.
  if (isDatabaseUnavailable(error)) return errorResponse(new DatabaseUnavailableError());
  // Text Postgres refuses (a NUL in a path or query parameter, found by the contract fuzz): the
  // caller's input, a 400; the statement failed, so nothing was written.
  if (isInvalidText(error)) return errorResponse(new InvalidTextError());
  const id = crypto.randomUUID();
  log.error("unhandled error in route", {
    errorId: id,
    error: error instanceof Error ? error.message : String(error),
  });
  return NextResponse.json(
    { error: { code: "internal", message: `Internal error (reference ${id})` } },
    { status: 500 },
  );
}
