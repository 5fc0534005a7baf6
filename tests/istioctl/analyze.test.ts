// Istio's own analyzers on what Meridian compiles for Istio clusters: every Istio cluster's
// resources of the Bookinfo and mixed-mesh fleets go through `istioctl analyze --use-kube=false
// --all-namespaces`, and any error-level message fails. istioctl comes from the Go module proxy
// (test/istioctl/build.sh); without it the suite fails and says how to build it.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { stringify } from "yaml";
import { describe, expect, it } from "vitest";

import type { DesiredResource } from "../../lib/agent-protocol/messages";
import { compileFleet, type FleetIntent, type FleetInventory } from "../../lib/meshes/index";
import { bookinfoFleet, RICH_INTENT } from "../../lib/meshes/testing/bookinfo";
import { mixedFleet, MIXED_INTENT } from "../../lib/meshes/testing/mixed-fleet";
import { REMOTE_INTENT } from "../../lib/meshes/testing/remote";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const ISTIOCTL = path.join(ROOT, "test", "istioctl", "bin", "istioctl");

function analyze(files: string[]): { status: number | null; output: string } {
  if (!existsSync(ISTIOCTL))
    throw new Error(`${ISTIOCTL} is missing: build it with bash test/istioctl/build.sh (needs Go)`);
  const r = spawnSync(ISTIOCTL, ["analyze", "--use-kube=false", "--all-namespaces", ...files], {
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

function istioTrees(
  intent: FleetIntent,
  fleet: FleetInventory,
): Array<[string, DesiredResource[]]> {
  const istio = new Set(fleet.clusters.filter((c) => c.mesh === "istio").map((c) => c.name));
  return Object.entries(compileFleet(intent, fleet).clusters)
    .filter(([name, c]) => istio.has(name) && c.resources.length > 0)
    .map(([name, c]) => [name, c.resources]);
}

const write = (dir: string, name: string, resources: readonly object[]) => {
  const file = path.join(dir, `${name}.yaml`);
  writeFileSync(file, resources.map((r) => stringify(r)).join("---\n"));
  return file;
};

describe("istioctl analyze on compiled Istio trees", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "meridian-istioctl-"));
  const trees = [
    ...istioTrees(RICH_INTENT, bookinfoFleet("istio")).map(
      ([n, r]) => [`bookinfo-${n}`, r] as const,
    ),
    ...istioTrees(MIXED_INTENT, mixedFleet()).map(([n, r]) => [`mixed-${n}`, r] as const),
    // Services other platforms offer over Hamlet, imported (docs/federation.md).
    ...istioTrees(REMOTE_INTENT, bookinfoFleet("istio")).map(
      ([n, r]) => [`remote-${n}`, r] as const,
    ),
  ];

  it("has trees to analyze", () => {
    // The earlier 8, plus the mixed fleet's ambient-east (issue 20).
    expect(trees.length).toBe(9);
  });

  it.each(trees)("%s: no error-level message", (name, resources) => {
    const { status, output } = analyze([write(dir, name, resources)]);
    expect(output.split("\n").filter((l) => l.startsWith("Error"))).toEqual([]);
    expect(status).toBe(0);
  });

  it("the check is live: analyze reports a route to an unknown subset as an error", () => {
    const bad = {
      apiVersion: "networking.istio.io/v1",
      kind: "VirtualService",
      metadata: { name: "bad", namespace: "bookinfo" },
      spec: {
        hosts: ["nothere.bookinfo.global"],
        http: [
          { route: [{ destination: { host: "nothere.bookinfo.global", subset: "missing" } }] },
        ],
      },
    };
    const { status, output } = analyze([write(dir, "bad", [bad])]);
    expect(output).toContain("Error [IST0101]");
    expect(status).not.toBe(0);
  });
});
