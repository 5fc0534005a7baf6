import { describe, expect, it } from "vitest";
import { settingsLinks } from "./settings-links";

describe("settings links (issue 36 defect 13: viewers see no admin-only pages)", () => {
  it("shows admins every settings page", () => {
    expect(settingsLinks("admin").map((l) => l.label)).toEqual([
      "API tokens",
      "Metrics",
      "Global names",
      "Users",
      "Audit log",
    ]);
  });
  it("hides Users and the audit log from viewers and operators", () => {
    for (const role of ["viewer", "operator"] as const)
      expect(
        settingsLinks(role).map((l) => l.label),
        role,
      ).toEqual(["API tokens", "Metrics", "Global names"]);
  });
});
