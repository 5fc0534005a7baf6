import { describe, expect, it } from "vitest";
import { draftEdits, effectiveIntent, rebaseDraft, toggleSharing } from "./draft";

const base = { exports: ["east-1"], imports: [] as string[] };
const KEY = "bookinfo/reviews";

describe("sharing draft", () => {
  it("records a toggle and shows it as the cell's value", () => {
    const d = toggleSharing({}, KEY, base, "exports", "east-2");
    expect(effectiveIntent(d, KEY, base).exports).toEqual(["east-1", "east-2"]);
    expect(draftEdits(d, () => base)).toEqual([
      { key: KEY, kind: "exports", cluster: "east-2", on: true },
    ]);
  });

  it("drops the entry when a toggle returns to the saved value", () => {
    const once = toggleSharing({}, KEY, base, "exports", "east-1");
    expect(draftEdits(once, () => base)).toEqual([
      { key: KEY, kind: "exports", cluster: "east-1", on: false },
    ]);
    const twice = toggleSharing(once, KEY, base, "exports", "east-1");
    expect(twice).toEqual({});
  });

  it("treats an unknown service as nothing shared (deny by default)", () => {
    const d = toggleSharing({}, "bookinfo/new", undefined, "imports", "west-1");
    expect(d["bookinfo/new"]).toEqual({ exports: [], imports: ["west-1"] });
    expect(effectiveIntent({}, "bookinfo/none", undefined)).toEqual({ exports: [], imports: [] });
  });

  it("keeps edits of several services apart, sorted by service", () => {
    let d = toggleSharing({}, "b/z", undefined, "imports", "x");
    d = toggleSharing(d, "a/y", undefined, "exports", "x");
    expect(draftEdits(d, () => undefined).map((e) => e.key)).toEqual(["a/y", "b/z"]);
  });
});

describe("rebasing a draft after a 409", () => {
  it("replays the operator's edits onto the newer intent and keeps the other change", () => {
    const old = { exports: ["east-1"], imports: [] as string[] };
    const draft = toggleSharing({}, KEY, old, "exports", "east-2");
    const edits = draftEdits(draft, () => old);
    // Meanwhile someone imported the service into west-1.
    const newer = { exports: ["east-1"], imports: ["west-1"] };
    const rebased = rebaseDraft(edits, () => newer);
    expect(rebased[KEY]).toEqual({ exports: ["east-1", "east-2"], imports: ["west-1"] });
  });

  it("drops an edit the other change already made", () => {
    const old = { exports: [] as string[], imports: [] as string[] };
    const edits = draftEdits(toggleSharing({}, KEY, old, "exports", "east-2"), () => old);
    expect(rebaseDraft(edits, () => ({ exports: ["east-2"], imports: [] }))).toEqual({});
  });
});
