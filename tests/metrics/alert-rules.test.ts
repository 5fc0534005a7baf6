// The demo's alert rules, judged by Prometheus's own tooling: `promtool check rules` on the
// file as shipped and as the suite rewrites it, and `promtool test rules` on synthetic
// series (tests/metrics/fixtures/bookinfo.rules.test.yml) for the labels Meridian maps.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { BOOKINFO_RULES, testRules } from "./alert-rules";

function promtool(args: string[]): { status: number | null; output: string } {
  const run = spawnSync("promtool", args, { encoding: "utf8" });
  if (run.error) {
    throw new Error(
      "promtool is not on PATH: the metrics suite needs Prometheus's tools — run `apt-get install -y prometheus`",
    );
  }
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const dir = mkdtempSync(path.join(tmpdir(), "meridian-rules-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("bookinfo alert rules", () => {
  it("pass promtool check rules as shipped", () => {
    const { status, output } = promtool(["check", "rules", BOOKINFO_RULES]);
    expect(output).toContain("SUCCESS: 4 rules found");
    expect(status).toBe(0);
  });

  it("raise the expected alerts, with service and cluster labels, on synthetic series", () => {
    const { status, output } = promtool([
      "test",
      "rules",
      path.resolve("tests/metrics/fixtures/bookinfo.rules.test.yml"),
    ]);
    expect(output).toContain("SUCCESS");
    expect(status).toBe(0);
  });

  it("keep their shape when rewritten with test windows", () => {
    const text = testRules({ window: "5s", forDuration: "2s", interval: "1s" });
    expect(text).not.toMatch(/\[1m\]|for: 1m|interval: 15s/);
    const file = path.join(dir, "fast.rules.yml");
    writeFileSync(file, text);
    const { status, output } = promtool(["check", "rules", file]);
    expect(output).toContain("SUCCESS: 4 rules found");
    expect(status).toBe(0);
  });

  it("refuse to rewrite a rules file whose windows changed", () => {
    const file = path.join(dir, "changed.rules.yml");
    writeFileSync(
      file,
      "groups:\n  - name: x\n    interval: 15s\n    rules:\n      - alert: A\n        expr: rate(x[5m]) > 1\n        for: 5m\n",
    );
    expect(() => testRules({ window: "5s", forDuration: "2s", interval: "1s" }, file)).toThrow(
      /unexpected rules shape/,
    );
  });
});
