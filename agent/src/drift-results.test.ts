import { describe, expect, it } from "vitest";
import type { ResourceResult } from "../../lib/agent-protocol/messages";
import { withDrift } from "./drift-results";

const result = (name: string, r: ResourceResult["result"], message = ""): ResourceResult => ({
  apiVersion: "networking.istio.io/v1",
  kind: "DestinationRule",
  namespace: "bookinfo",
  name,
  result: r,
  message,
});

describe("withDrift", () => {
  it("marks drifted objects, clears those put back, and keeps failed applies as they were", () => {
    const before = [
      result("a", "applied"),
      result("b", "drifted", "deleted by someone else"),
      result("c", "conflict", "conflict with kubectl"),
      result("d", "unchanged"),
    ];
    const drift = [
      { key: "networking.istio.io/DestinationRule/bookinfo/a", message: "changed by kubectl-edit" },
      { key: "networking.istio.io/DestinationRule/bookinfo/c", message: "changed by kubectl" },
    ];
    expect(withDrift(before, drift)).toEqual([
      result("a", "drifted", "changed by kubectl-edit"),
      result("b", "unchanged"),
      result("c", "conflict", "conflict with kubectl"),
      result("d", "unchanged"),
    ]);
  });
});
