// Maps API server errors from a server-side apply to Meridian's per-resource results.
import { ApiException } from "@kubernetes/client-node";

import type { ResourceResultKind } from "../../../lib/agent-protocol/messages";

/** The Status body of a failed request, when the server sent one. */
interface StatusBody {
  message?: string;
  reason?: string;
  details?: { kind?: string; name?: string };
}

/** HTTP status of an ApiException (or undefined for other errors). */
export function httpStatus(err: unknown): number | undefined {
  return err instanceof ApiException ? err.code : undefined;
}

function statusBody(err: ApiException<unknown>): StatusBody | undefined {
  let body: unknown = err.body;
  if (typeof body === "string") {
    try {
      body = JSON.parse(body);
    } catch {
      return undefined;
    }
  }
  return body && typeof body === "object" ? (body as StatusBody) : undefined;
}

/** The API server's own message (Status.message), else a short description of `err`. */
export function apiMessage(err: unknown): string {
  if (err instanceof ApiException) {
    const status = statusBody(err);
    if (status?.message) return status.message;
    const raw = typeof err.body === "string" ? err.body.trim() : "";
    return `HTTP ${err.code}${raw ? `: ${raw}` : ""}`;
  }
  return err instanceof Error ? err.message : String(err);
}

/** True when the error says the kind is not served (CRD not installed). */
export function isKindMissing(err: unknown): boolean {
  // KubernetesObjectApi resolves the plural through discovery first: an unknown group
  // version answers 404 ("Failed to fetch resource metadata"), a known group without the
  // kind throws "Unrecognized API version and kind".
  if (err instanceof Error && /Unrecognized API version and kind/.test(err.message)) return true;
  if (!(err instanceof ApiException) || err.code !== 404) return false;
  // An unserved path gets the mux's plain-text "404 page not found"; a served kind answers
  // a missing object (or namespace) with a Status whose reason is NotFound.
  return statusBody(err)?.reason !== "NotFound";
}

/** True for a 404 about the object itself (or its namespace), not about its kind. */
export function isObjectNotFound(err: unknown): boolean {
  return httpStatus(err) === 404 && !isKindMissing(err);
}

/** Classifies a failed apply into a result kind and message. */
export function classifyApplyError(err: unknown): { result: ResourceResultKind; message: string } {
  const message = apiMessage(err).slice(0, 2000);
  if (isKindMissing(err)) return { result: "crd-missing", message };
  const code = httpStatus(err);
  // 409 on apply = another field manager owns a field we set; we never force.
  if (code === 409) return { result: "conflict", message };
  if (code === 422 || code === 400) return { result: "invalid", message };
  // Server-side apply builds a typed patch against the CRD's structural schema before
  // validation; a wrongly typed field fails there with 500 "failed to create typed patch
  // object" (upstream behaviour: kubernetes/kubernetes#122480, #139253). It rejects the
  // object; it is not a transient server error, and retrying cannot help.
  if (code === 500 && /failed to create typed patch object/.test(message))
    return { result: "invalid", message };
  return { result: "error", message };
}
