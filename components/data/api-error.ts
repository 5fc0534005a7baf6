import type { z } from "zod";

/** One invalid field of a 400 answer, as the API lists it under `error.details`. */
export type FieldIssue = { path: (string | number)[]; message: string };

/** An error from the Meridian REST API, carrying its `{ error: { code, message } }` body. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly issues: FieldIssue[];
  /** The body's `error.details` as sent (read it with a schema before use). */
  readonly details: unknown;

  constructor(
    status: number,
    code: string,
    message: string,
    issues: FieldIssue[] = [],
    details: unknown = undefined,
  ) {
    super(message);
    this.name = "ApiRequestError";
    this.status = status;
    this.code = code;
    this.issues = issues;
    this.details = details;
  }
}

function issuesOf(details: unknown): FieldIssue[] {
  if (!Array.isArray(details)) return [];
  return details.flatMap((d) =>
    isRecord(d) && Array.isArray(d.path) && typeof d.message === "string"
      ? [
          {
            path: d.path.filter((p) => typeof p === "string" || typeof p === "number"),
            message: d.message,
          },
        ]
      : [],
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** Sends a request; non-2xx answers throw an ApiRequestError (see {@link apiFetch}). */
async function request(url: string, init?: RequestInit): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      ...init,
      headers: { Accept: "application/json", ...init?.headers },
      credentials: "same-origin",
    });
  } catch {
    throw new ApiRequestError(
      0,
      "network",
      "Cannot reach the Meridian server. Check your connection.",
    );
  }
  if (res.status === 204) return undefined;
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const err = isRecord(body) && isRecord(body.error) ? body.error : null;
    const code = typeof err?.code === "string" ? err.code : `http_${res.status}`;
    const message =
      typeof err?.message === "string" ? err.message : `Request failed (${res.status})`;
    throw new ApiRequestError(res.status, code, message, issuesOf(err?.details), err?.details);
  }
  return body;
}

/**
 * Fetches a JSON endpoint of the REST API and parses the answer with the API's own schema.
 * Non-2xx answers throw an ApiRequestError with the API's own message, or a generic one when
 * the body is not the API's error shape; a 2xx body that does not fit the schema (a server
 * of another version) throws one too, instead of reaching the page half-understood.
 */
export async function apiFetch<S extends z.ZodTypeAny>(
  schema: S,
  url: string,
  init?: RequestInit,
): Promise<z.output<S>> {
  const parsed = schema.safeParse(await request(url, init));
  if (!parsed.success) {
    throw new ApiRequestError(
      0,
      "unexpected_response",
      "The server's answer was not understood. Reload the page; if this persists, the server may run another version.",
    );
  }
  return parsed.data as z.output<S>;
}

/** Sends a request whose answer carries nothing to read (204, or a body the caller ignores). */
export async function apiSend(url: string, init?: RequestInit): Promise<void> {
  await request(url, init);
}

/** JSON body helper for POST/PATCH requests. */
export function jsonBody(data: unknown): RequestInit {
  return { body: JSON.stringify(data), headers: { "Content-Type": "application/json" } };
}
