import { describe, expect, it } from "vitest";
import type { TrustEdge } from "@/lib/model/trust";
import { trustOverlayElements } from "./trust-overlay";

const edge = (from: string, to: string, viaRotation = false): TrustEdge => ({
  from,
  to,
  root: "AA",
  viaRotation,
  domain: "same",
});

describe("trust overlay", () => {
  it("draws a mutual pair once, a one-way trust as an arrow, and skips clusters not on the map", () => {
    const present = new Set(["cluster:a", "cluster:b", "cluster:c"]);
    const els = trustOverlayElements(
      [edge("a", "b"), edge("b", "a", true), edge("c", "a"), edge("a", "gone")],
      present,
    );
    expect(els.map((e) => [e.data.source, e.data.target, e.classes])).toEqual([
      ["cluster:a", "cluster:b", "trust mutual rotation"],
      ["cluster:c", "cluster:a", "trust oneway"],
    ]);
  });
});
