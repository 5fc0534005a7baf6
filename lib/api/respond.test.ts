import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { errorResponse } from "@/lib/api/respond";
import { DomainError, type DomainErrorKind } from "@/lib/domain/errors";
import { ConflictError, NotFoundError, StaleVersionError } from "@/lib/store/errors";

// respond.ts is the one place an error's kind becomes an HTTP status.

describe("errorResponse", () => {
  const cases: [DomainErrorKind, number][] = [
    ["invalid", 400],
    ["unauthenticated", 401],
    ["forbidden", 403],
    ["not_found", 404],
    ["conflict", 409],
    ["unprocessable", 422],
    ["unavailable", 503],
  ];

  it.each(cases)(
    "answers a %s domain error with %i and its code and message",
    async (kind, status) => {
      const res = errorResponse(new DomainError(kind, `code_${kind}`, `message of ${kind}`));
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual({
        error: { code: `code_${kind}`, message: `message of ${kind}` },
      });
    },
  );

  it("asks a client to retry a 503 later, and only a 503", () => {
    expect(
      errorResponse(new DomainError("unavailable", "busy", "busy")).headers.get("retry-after"),
    ).toMatch(/^[1-9][0-9]*$/);
    expect(
      errorResponse(new DomainError("conflict", "c", "c")).headers.get("retry-after"),
    ).toBeNull();
  });

  it("passes a domain error's details on", async () => {
    const res = errorResponse(
      new DomainError("invalid", "invalid_filter", "bad", { allowed: { mesh: ["istio"] } }),
    );
    expect(await res.json()).toEqual({
      error: { code: "invalid_filter", message: "bad", details: { allowed: { mesh: ["istio"] } } },
    });
  });

  it("maps store errors: not found 404, conflict and stale version 409", async () => {
    expect(errorResponse(new NotFoundError("Cluster")).status).toBe(404);
    expect(errorResponse(new ConflictError("taken")).status).toBe(409);
    const stale = errorResponse(new StaleVersionError("changed since you read it"));
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({
      error: { code: "version_conflict", message: "changed since you read it" },
    });
  });

  it("keeps HTTP-only errors and zod errors as they were", async () => {
    expect(errorResponse(new ApiError(415, "unsupported_media_type", "json")).status).toBe(415);
    const zod = z.object({ a: z.string() }).safeParse({});
    expect(errorResponse(zod.error).status).toBe(400);
  });

  it("hides anything else behind a 500 with a reference, never its message", async () => {
    const res = errorResponse(new Error("password=hunter2 at db"));
    expect(res.status).toBe(500);
    const body = JSON.stringify(await res.json());
    expect(body).not.toContain("hunter2");
    expect(body).toMatch(/reference [0-9a-f-]{36}/);
  });
});
