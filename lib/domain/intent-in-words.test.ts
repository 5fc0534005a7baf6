import { describe, expect, it } from "vitest";
import { intentChangesInWords, type IntentState } from "./intent-in-words";

const base: IntentState = {
  namespace: "bookinfo",
  name: "reviews",
  exports: ["east-1"],
  imports: [],
  failover: null,
  trafficWeights: null,
  access: null,
};
const outlier = { consecutive5xxErrors: 5, interval: "10s", baseEjectionTime: "30s" };

describe("a change set's changes in words", () => {
  it("says each export and import added or removed", () => {
    expect(
      intentChangesInWords([base], [{ ...base, exports: ["east-2"], imports: ["west-1"] }]),
    ).toEqual([
      "export bookinfo/reviews from east-2",
      "stop exporting bookinfo/reviews from east-1",
      "import bookinfo/reviews into west-1",
    ]);
  });

  it("treats a service it had no intent for as starting from nothing shared", () => {
    expect(intentChangesInWords([], [{ ...base, name: "ratings", exports: ["east-2"] }])).toEqual([
      "export bookinfo/ratings from east-2",
    ]);
  });

  it("names the failover order, and turning it off", () => {
    const on = {
      ...base,
      failover: {
        tiers: [
          { clusters: [{ name: "east-1" }] },
          { clusters: [{ name: "east-2" }, { name: "west-1" }] },
        ],
        outlierDetection: outlier,
      },
    } as IntentState;
    expect(intentChangesInWords([base], [on])).toEqual([
      "fail over bookinfo/reviews: east-1 → east-2 + west-1",
    ]);
    expect(intentChangesInWords([on], [base])).toEqual(["turn off failover for bookinfo/reviews"]);
  });

  it("says weights and access, and nothing for what did not change", () => {
    expect(
      intentChangesInWords(
        [base],
        [{ ...base, trafficWeights: { "east-1": 80, "east-2": 20 }, access: ["west-1"] }],
      ),
    ).toEqual([
      "split bookinfo/reviews's traffic: east-1 80%, east-2 20%",
      "let only west-1 call bookinfo/reviews",
    ]);
    expect(intentChangesInWords([base], [base])).toEqual([]);
    expect(intentChangesInWords([{ ...base, access: ["x"] }], [{ ...base, access: [] }])).toEqual([
      "let no cluster call bookinfo/reviews",
    ]);
  });
});
