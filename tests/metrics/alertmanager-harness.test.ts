// The alerts suite fails — never skips — naming the package when Alertmanager is missing.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { requireAlertmanager } from "./alertmanager-harness";

describe("requireAlertmanager", () => {
  it("finds Debian's binary here", () => {
    expect(requireAlertmanager()).toBe("prometheus-alertmanager");
  });

  it("names the package to install when the binary is not on PATH", () => {
    const empty = mkdtempSync(path.join(tmpdir(), "meridian-empty-path-"));
    const saved = process.env.PATH;
    process.env.PATH = empty;
    try {
      expect(() => requireAlertmanager()).toThrow(/apt-get install -y prometheus-alertmanager/);
    } finally {
      process.env.PATH = saved;
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
