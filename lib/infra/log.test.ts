import { describe, expect, it } from "vitest";
import { redact } from "@/lib/infra/log";

describe("log redaction", () => {
  it("removes tokens, URL credentials and secret fields", () => {
    const line = redact(
      '{"t":"mrd_pat_abcDEF123","url":"postgresql://u:hunter2@db:5432/x","password":"p4ss"}',
    );
    expect(line).not.toMatch(/abcDEF123|hunter2|p4ss/);
    expect(line).toContain("postgresql://[redacted]@db:5432/x");
  });
});
