import { describe, expect, it } from "vitest";
import { splitUnknownFilters } from "./unknown-filters";

describe("splitUnknownFilters", () => {
  it("keeps known values and unchecked keys, and names each unknown value", () => {
    const { kept, unknown } = splitUnknownFilters(
      { cluster: "nope", namespace: "bookinfo", q: "rev" },
      {
        cluster: { label: "cluster", values: ["east-1", "west-1"] },
        namespace: { label: "namespace", values: ["bookinfo"] },
      },
    );
    expect(kept).toEqual({ namespace: "bookinfo", q: "rev" });
    expect(unknown).toEqual([{ filter: "cluster", label: "cluster", value: "nope" }]);
  });

  it("finds nothing to drop when every value exists", () => {
    const split = splitUnknownFilters(
      { cluster: "east-1" },
      { cluster: { label: "cluster", values: ["east-1"] } },
    );
    expect(split).toEqual({ kept: { cluster: "east-1" }, unknown: [] });
  });
});
