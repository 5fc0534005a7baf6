import { describe, expect, it } from "vitest";
import { rollbackBlocked } from "./rollback-blocked";

describe("why Roll back is disabled (issue 36 defect 13: said on screen, not only in a title)", () => {
  const applied = { kind: "intent", status: "applied", pending: false } as const;
  it("says nothing when a rollback is possible", () => {
    expect(rollbackBlocked(applied)).toBeNull();
  });
  it("gives the reason for each case", () => {
    expect(rollbackBlocked({ ...applied, pending: true })).toBe(
      "Roll back is possible once every cluster has applied this change set.",
    );
    expect(rollbackBlocked({ ...applied, status: "rolled-back" })).toBe("Already rolled back.");
    expect(rollbackBlocked({ ...applied, kind: "hostnames" })).toMatch(
      /^A hostname change is undone by setting the suffix back in Settings → Global names/,
    );
  });
});
