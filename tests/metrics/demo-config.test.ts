// The demo's Prometheus configurations — the ones `npm run demo` generates and the ones
// docker-compose.yml mounts — are valid for Prometheus's own checker (promtool), and the
// compose app's MERIDIAN_DEMO_PROMETHEUS parses into the sources it means.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";

import { externalDemoSources, prometheusConfig, ruleFiles } from "@/scripts/lib/demo-metrics";

import { requirePrometheus } from "./prometheus-harness";

const dir = mkdtempSync(path.join(tmpdir(), "meridian-demo-config-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function promtool(...args: string[]) {
  requirePrometheus();
  return spawnSync("promtool", args, { encoding: "utf8" });
}

describe("demo Prometheus configuration", () => {
  it("generates per-cluster and federating configs promtool accepts, with the fleet's rules", () => {
    const rules = ruleFiles();
    const configs = {
      cluster: prometheusConfig({
        externalLabels: { cluster: "east-1" },
        job: "bookinfo",
        targets: ["127.0.0.1:9101"],
        rules,
      }),
      global: prometheusConfig({
        externalLabels: {},
        job: "federate",
        targets: ["127.0.0.1:9090", "127.0.0.1:9091"],
        federate: true,
      }),
    };
    for (const [name, text] of Object.entries(configs)) {
      const file = path.join(dir, `${name}.yml`);
      writeFileSync(file, text);
      const r = promtool("check", "config", file);
      expect(r.status, r.stdout + r.stderr).toBe(0);
    }
    expect(JSON.parse(configs.global).scrape_configs[0]).toMatchObject({
      metrics_path: "/federate",
      honor_labels: true,
    });
    expect(JSON.parse(configs.cluster).rule_files).toEqual(rules);
  });

  it("ships compose configs promtool accepts, each cluster with its external label", () => {
    const composeDir = path.resolve("deploy/compose/prometheus");
    const files = readdirSync(composeDir).filter((f) => f.endsWith(".yml"));
    expect(files.sort()).toEqual(["east-1.yml", "east-2.yml", "global.yml", "west-1.yml"]);
    for (const f of files) {
      const r = promtool("check", "config", path.join(composeDir, f));
      expect(r.status, r.stdout + r.stderr).toBe(0);
      const cfg = parse(readFileSync(path.join(composeDir, f), "utf8")) as {
        global: { external_labels?: { cluster?: string } };
      };
      if (f !== "global.yml")
        expect(cfg.global.external_labels?.cluster).toBe(f.replace(".yml", ""));
    }
  });

  it("reads the compose app's MERIDIAN_DEMO_PROMETHEUS", () => {
    const compose = parse(readFileSync("docker-compose.yml", "utf8")) as {
      services: { app: { environment: Record<string, string> } };
    };
    const sources = externalDemoSources(compose.services.app.environment.MERIDIAN_DEMO_PROMETHEUS);
    expect(sources).toEqual([
      {
        name: "demo-federated",
        url: "http://prometheus-global:9090",
        scope: "global",
        clusterName: null,
      },
      {
        name: "demo-east-1",
        url: "http://prometheus-east-1:9090",
        scope: "cluster",
        clusterName: "east-1",
      },
      {
        name: "demo-east-2",
        url: "http://prometheus-east-2:9090",
        scope: "cluster",
        clusterName: "east-2",
      },
      {
        name: "demo-west-1",
        url: "http://prometheus-west-1:9090",
        scope: "cluster",
        clusterName: "west-1",
      },
    ]);
    expect(externalDemoSources("")).toBeNull();
    expect(() => externalDemoSources("nope")).toThrow(/name\[@cluster\]=url/);
  });
});
