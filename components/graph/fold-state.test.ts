import { describe, expect, it } from "vitest";
import { expandNode, foldNode, foldsBySize } from "./fold-state";

describe("fold state", () => {
  it("keeps an expanded cluster open under auto, and folds it again", () => {
    const open = expandNode({ collapse: "auto", expand: [] }, "cluster:a");
    expect(open).toEqual({ collapse: "auto", expand: ["cluster:a"] });
    expect(foldNode(open, "cluster:a")).toEqual({ collapse: "auto,cluster:a", expand: [] });
    expect(expandNode(foldNode(open, "cluster:a"), "cluster:a")).toEqual(open);
  });

  it("drops a listed id, and says none when nothing is left", () => {
    expect(expandNode({ collapse: "cluster:a", expand: [] }, "cluster:a")).toEqual({
      collapse: "none",
      expand: [],
    });
    expect(foldNode({ collapse: "none", expand: [] }, "cluster:b")).toEqual({
      collapse: "cluster:b",
      expand: [],
    });
  });

  it("knows when the map folds by size", () => {
    expect(foldsBySize({ collapse: "auto", expand: [] })).toBe(true);
    expect(foldsBySize({ collapse: "none", expand: [] })).toBe(false);
  });
});
