// The CLI as a real process: `meridian compile` offline, from the Distributed Bookinfo fleet file
// plus an intent section, writes one YAML file per cluster; bad intent exits non-zero.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse, parseAllDocuments, stringify } from "yaml";
import { DEFAULT_FLEET_FILE } from "@/lib/agent-protocol/fleet-file";

const BIN = path.resolve(import.meta.dirname, "../../bin/meridian.mjs");
const dir = mkdtempSync(path.join(tmpdir(), "meridian-cli-"));
const meridian = (...args: string[]) =>
  spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8", timeout: 60_000 });

function fleetWith(intent: unknown): string {
  const file = path.join(dir, `fleet-${Math.random().toString(36).slice(2)}.yaml`);
  const fleet = parse(readFileSync(DEFAULT_FLEET_FILE, "utf8")) as object;
  writeFileSync(file, stringify({ ...fleet, intent }));
  return file;
}

describe("meridian compile", () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes each cluster's resources for GitOps, with a JSON summary", () => {
    const out = path.join(dir, "out");
    const fleet = fleetWith({
      services: [
        {
          namespace: "bookinfo",
          name: "reviews",
          exports: ["east-1", "east-2"],
          imports: ["west-1"],
        },
      ],
    });
    const run = meridian("compile", "--fleet", fleet, "--out", out, "-o", "json");
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const summary = JSON.parse(run.stdout) as {
      clusters: { cluster: string; resources: number }[];
    };
    expect(summary.clusters.map((c) => c.cluster)).toEqual(["east-1", "east-2", "west-1"]);
    const west = parseAllDocuments(readFileSync(path.join(out, "west-1.yaml"), "utf8")).map(
      (d) => d.toJS() as { kind: string; metadata: { labels?: Record<string, string> } },
    );
    expect(west.length).toBe(summary.clusters.find((c) => c.cluster === "west-1")!.resources);
    expect(west.length).toBeGreaterThan(0);
    // west-1 runs Linkerd: it imports through its Link's selector (a decorate-only patch, so
    // without the managed-by label); anything Meridian owns outright carries the label.
    expect(west.map((r) => r.kind)).toContain("Link");
    for (const r of west.filter((x) => !["Link", "Service"].includes(x.kind)))
      expect(r.metadata.labels?.["app.kubernetes.io/managed-by"]).toBe("meridian");
  });

  it("refuses intent naming an unknown cluster, naming the field, with a non-zero exit", () => {
    const fleet = fleetWith({
      services: [{ namespace: "bookinfo", name: "reviews", exports: ["mars-1"] }],
    });
    const run = meridian("compile", "--fleet", fleet, "--out", path.join(dir, "bad"));
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/intent\.services\.0\.exports.*mars-1/);
  });

  it("says what is missing for API commands without a URL and token", () => {
    const run = spawnSync(process.execPath, [BIN, "change-sets", "list"], {
      encoding: "utf8",
      env: { PATH: process.env.PATH } as unknown as NodeJS.ProcessEnv,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe("meridian: no server: pass --server or set MERIDIAN_SERVER\n");
  });

  it("answers an unknown option with the usage and exit code 2, not a stack trace", () => {
    const run = meridian("apply", "-f", "changes.yaml", "--force");
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/unknown option '--force'/);
    expect(run.stderr).toMatch(/\(run meridian apply --help for usage\)/);
    expect(run.stderr).not.toMatch(/\bat .*\.ts:\d+/);
  });
});
