import { describe, expect, it } from "vitest";
import { hasRole } from "@/lib/auth/roles";

describe("roles", () => {
  it("orders viewer < operator < admin", () => {
    expect(hasRole("admin", "operator")).toBe(true);
    expect(hasRole("operator", "operator")).toBe(true);
    expect(hasRole("viewer", "operator")).toBe(false);
  });
});
