import { describe, expect, it } from "vitest";
import { safeCallbackPath } from "@/lib/domain/callback-path";

// Issue 37.1: browsers drop TAB, LF and CR from a URL, so "/\t/evil.example/" is followed as
// "//evil.example/" (another site); and a control character in a Location header is a 500.
describe("safeCallbackPath", () => {
  it.each([
    ["/\t/evil.example/"],
    ["/\n/evil.example/"],
    ["/\r/evil.example/"],
    ["/\t\\evil.example/"],
    ["//evil.example/"],
    ["/\\evil.example/"],
    ["\t//evil.example/"],
    ["https://evil.example/"],
    ["/services\n"],
    ["/a\u0000b"],
    ["/a\u007fb"],
    ["/\u2028/evil.example"],
    [""],
    [null],
  ])("refuses %j (back to /)", (value) => {
    expect(safeCallbackPath(value)).toBe("/");
  });

  it.each([["/"], ["/services?q=reviews"], ["/services/reviews%2Fv1"], ["/clusters#east"]])(
    "keeps the same-site path %j",
    (value) => {
      expect(safeCallbackPath(value)).toBe(value);
    },
  );
});
