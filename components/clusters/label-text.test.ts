import { describe, expect, it } from "vitest";
import { labelsToText, parseLabelText } from "./label-text";

describe("cluster labels as text", () => {
  it("round-trips labels, one key=value a line", () => {
    const labels = { tier: "edge", env: "prod" };
    expect(labelsToText(labels)).toBe("env=prod\ntier=edge");
    expect(parseLabelText(labelsToText(labels))).toEqual({ ok: true, labels });
  });

  it("skips blank lines and keeps '=' inside values", () => {
    expect(parseLabelText("\n a=b=c \n\n")).toEqual({ ok: true, labels: { a: "b=c" } });
  });

  it("names the line without '=' and a key given twice", () => {
    expect(parseLabelText("env=prod\nbroken")).toEqual({
      ok: false,
      message: "labels, line 2: write key=value",
    });
    expect(parseLabelText("a=1\na=2")).toMatchObject({
      ok: false,
      message: /line 2: “a” is given twice/,
    });
  });
});
