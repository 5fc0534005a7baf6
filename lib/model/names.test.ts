import { describe, expect, it } from "vitest";
import { dnsLabel, isDnsLabel, plainText } from "@/lib/model/names";

describe("RFC 1123 labels", () => {
  it.each(["a", "east-1", "a1", "x".repeat(63)])("accepts %s", (v) => {
    expect(isDnsLabel(v)).toBe(true);
    expect(dnsLabel("name").safeParse(v).success).toBe(true);
  });
  it.each(["", "-a", "a-", "East", "a_b", "a.b", "x".repeat(64), "<b>"])("rejects %j", (v) => {
    expect(isDnsLabel(v)).toBe(false);
    expect(dnsLabel("name").safeParse(v).success).toBe(false);
  });
  it("names the field in the message", () => {
    const r = dnsLabel("cluster name").safeParse("A");
    expect(r.success ? "" : r.error.issues[0]?.message).toMatch(
      /^cluster name must be an RFC 1123 label/,
    );
  });
});

describe("plain text", () => {
  it("trims and refuses markup and control characters", () => {
    const schema = plainText("title", 10);
    expect(schema.parse("  hi  ")).toBe("hi");
    expect(schema.safeParse("<i>").success).toBe(false);
    expect(schema.safeParse("a\u0007").success).toBe(false);
    expect(schema.safeParse("x".repeat(11)).success).toBe(false);
  });
});
