import { describe, expect, it } from "vitest";
import { DomainError, invalid, isDomainError } from "./errors";

describe("isDomainError", () => {
  it("recognises a DomainError of this module", () => {
    expect(isDomainError(invalid("bad filter", "invalid_filter"))).toBe(true);
  });

  it("recognises a DomainError thrown by another copy of the class (another bundle chunk)", () => {
    // A structurally equal class, as a second copy of lib/domain/errors in another chunk defines it.
    class OtherCopy extends Error {
      constructor(
        readonly kind: string,
        readonly code: string,
        message: string,
      ) {
        super(message);
        this.name = "DomainError";
      }
    }
    const error: unknown = new OtherCopy("invalid", "invalid_filter", "Unknown filter value");
    expect(error instanceof DomainError).toBe(false);
    expect(isDomainError(error)).toBe(true);
  });

  it("refuses other errors and non-errors", () => {
    expect(isDomainError(new Error("boom"))).toBe(false);
    expect(isDomainError({ name: "DomainError", kind: "invalid" })).toBe(false);
    expect(isDomainError(undefined)).toBe(false);
  });
});
