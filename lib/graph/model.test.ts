import { describe, expect, it } from "vitest";
import { type CallEdge, mergeCalls, serviceId } from "./model";

const edge = (target: string, requestRate: number, errorRate: number, p95Ms: number): CallEdge => ({
  kind: "call",
  id: "",
  source: "a",
  target,
  requestRate,
  errorRate,
  p95Ms,
  crossCluster: target === "remote",
});

describe("mergeCalls", () => {
  it("merges per source and target", () => {
    const merged = mergeCalls([
      edge("b", 10, 0.2, 5),
      edge("remote", 1, 0, 9),
      edge("b", 30, 0, 7),
    ]);
    expect(merged).toEqual([
      { ...edge("b", 40, 0.05, 7), id: "call:a->b" },
      { ...edge("remote", 1, 0, 9), id: "call:a->remote" },
    ]);
  });
  it("averages error rates when there is no traffic", () => {
    expect(mergeCalls([edge("b", 0, 0.2, 1), edge("b", 0, 0.4, 2)])[0]?.errorRate).toBeCloseTo(0.3);
  });
  it("builds stable service ids", () => {
    expect(serviceId("east-1", "bookinfo", "reviews")).toBe("svc:east-1/bookinfo/reviews");
  });
});
