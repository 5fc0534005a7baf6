import { ApiException } from "@kubernetes/client-node";
import { describe, expect, it } from "vitest";

import { classifyApplyError, isKindMissing, isObjectNotFound } from "./api-errors";

const status = (code: number, message: string, extra: Record<string, unknown> = {}) =>
  new ApiException(
    code,
    "Unsuccessful HTTP Request",
    JSON.stringify({ kind: "Status", status: "Failure", message, code, ...extra }),
    {},
  );

// Error shapes as @kubernetes/client-node 2.0.1 raises them (bodies as the API server
// sends them; the real server is exercised in tests/kube/agent-writer*.test.ts).
describe("classifyApplyError", () => {
  it("maps 409 to conflict with the server's message", () => {
    expect(
      classifyApplyError(status(409, 'Apply failed with 1 conflict: conflict with "x"')),
    ).toEqual({
      result: "conflict",
      message: 'Apply failed with 1 conflict: conflict with "x"',
    });
  });

  it("maps 422, 400 and the 500 typed-patch failure to invalid, other 500s to error", () => {
    expect(classifyApplyError(status(422, "spec.host: Required value")).result).toBe("invalid");
    expect(classifyApplyError(status(400, "bad")).result).toBe("invalid");
    expect(
      classifyApplyError(status(500, "failed to create typed patch object (ns/x; ...): .spec.a"))
        .result,
    ).toBe("invalid");
    expect(classifyApplyError(status(500, "etcdserver: request timed out")).result).toBe("error");
    expect(classifyApplyError(status(403, "forbidden")).result).toBe("error");
  });

  it("tells a missing kind from a missing object or namespace", () => {
    const unserved = new ApiException(
      404,
      "Failed to fetch resource metadata",
      "404 page not found\n",
      {},
    );
    expect(isKindMissing(unserved)).toBe(true);
    expect(isKindMissing(new Error("Unrecognized API version and kind: a/v1 B"))).toBe(true);
    const noNamespace = status(404, 'namespaces "x" not found', {
      reason: "NotFound",
      details: { name: "x", kind: "namespaces" },
    });
    expect(isKindMissing(noNamespace)).toBe(false);
    expect(isObjectNotFound(noNamespace)).toBe(true);
    expect(classifyApplyError(noNamespace).result).toBe("error");
    expect(classifyApplyError(unserved).result).toBe("crd-missing");
  });
});
