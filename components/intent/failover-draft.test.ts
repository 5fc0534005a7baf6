import { describe, expect, it } from "vitest";
import {
  moveToTier,
  removeFromTiers,
  setWeight,
  shiftTier,
  tierProblems,
  toggleTierWeights,
  trafficWeightProblems,
  type Tier,
} from "./failover-draft";

const tiers: Tier[] = [{ clusters: [{ name: "a" }, { name: "b" }] }, { clusters: [{ name: "c" }] }];
const names = (t: Tier[]) => t.map((x) => x.clusters.map((c) => c.name));

describe("failover tiers", () => {
  it("moves a cluster into another tier and drops the tier it empties", () => {
    expect(names(moveToTier(tiers, "c", 0))).toEqual([["a", "b", "c"]]);
    expect(names(moveToTier(tiers, "a", 2))).toEqual([["b"], ["c"], ["a"]]);
    expect(names(moveToTier(tiers, "b", -1))).toEqual([["b"], ["a"], ["c"]]);
  });

  it("adds a cluster that was in no tier", () => {
    expect(names(moveToTier(tiers, "d", 1))).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
  });

  it("shifts in half steps: alone joins the neighbour tier, shared splits off", () => {
    expect(names(shiftTier(tiers, "c", -1))).toEqual([["a", "b", "c"]]);
    expect(names(shiftTier(tiers, "a", 1))).toEqual([["b"], ["a"], ["c"]]);
    expect(names(shiftTier(tiers, "a", -1))).toEqual([["a"], ["b"], ["c"]]);
    expect(names(shiftTier(tiers, "c", 1))).toEqual([["a", "b"], ["c"]]);
    // Two presses move a cluster past its neighbour tier.
    expect(names(shiftTier(shiftTier(tiers, "c", -1), "c", -1))).toEqual([["c"], ["a", "b"]]);
  });

  it("clears the weights of the tiers a move touches", () => {
    const weighted = toggleTierWeights(tiers, 0, true);
    expect(weighted[0]!.clusters.map((c) => c.weight)).toEqual([50, 50]);
    const moved = moveToTier(weighted, "a", 1);
    expect(moved.flatMap((t) => t.clusters.map((c) => c.weight))).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("splits 100 evenly, remainder first", () => {
    const three: Tier[] = [{ clusters: [{ name: "a" }, { name: "b" }, { name: "c" }] }];
    expect(toggleTierWeights(three, 0, true)[0]!.clusters.map((c) => c.weight)).toEqual([
      34, 33, 33,
    ]);
  });

  it("reports weights not summing to 100, partial weights and duplicates", () => {
    const w = setWeight(toggleTierWeights(tiers, 0, true), "a", 70);
    expect(tierProblems(w)).toEqual(["Tier 1: weights add up to 120, not 100."]);
    expect(tierProblems(setWeight(tiers, "a", 100))).toEqual([
      "Tier 1: give every cluster a weight, or none.",
    ]);
    expect(tierProblems([...tiers, { clusters: [{ name: "a" }] }])).toEqual([
      "a is in more than one tier.",
    ]);
    expect(tierProblems(toggleTierWeights(tiers, 0, true))).toEqual([]);
  });

  it("removes a cluster from every tier", () => {
    expect(names(removeFromTiers(tiers, "c"))).toEqual([["a", "b"]]);
  });

  it("checks traffic weights sum to 100", () => {
    expect(trafficWeightProblems({ a: 60, b: 40 })).toEqual([]);
    expect(trafficWeightProblems({ a: 60, b: 30 })).toEqual([
      "Traffic weights add up to 90, not 100.",
    ]);
    expect(trafficWeightProblems(null)).toEqual([]);
  });
});
