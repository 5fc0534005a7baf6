import { describe, expect, it } from "vitest";
import { MESH_RULES } from "../../lib/meshes/detectors";
import { enabledRules } from "./enabled-rules";

describe("enabledRules", () => {
  it("keeps the detection order of MESH_RULES whatever order MERIDIAN_MESHES lists", () => {
    // The chart lists the enabled meshes in its values' key order (sorted), so the order of the
    // list must not decide which mesh is detected first.
    const order = Object.keys(MESH_RULES).filter((m) => m === "istio" || m === "cilium");
    expect(Object.keys(enabledRules(["cilium", "istio"]))).toEqual(order);
    expect(Object.keys(enabledRules(["istio", "cilium"]))).toEqual(order);
  });

  it("holds only the listed meshes", () => {
    expect(Object.keys(enabledRules([]))).toEqual([]);
    expect(enabledRules(["linkerd"]).linkerd).toBe(MESH_RULES.linkerd);
  });
});
