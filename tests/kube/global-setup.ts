/**
 * Vitest global setup for the Kubernetes integration suite: builds the harness if
 * needed, starts three clusters (east-1, east-2, west-1) and provides their
 * connection details to tests via `inject("kubeClusters")`.
 */
import { readFileSync } from "node:fs";

import type { TestProject } from "vitest/node";

import { startKubeHarness, type KubeClusterInfo, type KubeHarness } from "./harness";

declare module "vitest" {
  export interface ProvidedContext {
    kubeClusters: KubeClusterInfo[];
  }
}

let harness: KubeHarness | undefined;

/** Starts the clusters; vitest calls the returned function (teardown) at the end. */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const names = (process.env.KUBE_HARNESS_CLUSTERS ?? "east-1,east-2,west-1")
    .split(",")
    .filter(Boolean);
  const began = Date.now();
  harness = await startKubeHarness({ clusters: names });
  const rss = readRssMb([
    harness.pid,
    ...harness.clusters.flatMap((c) => [c.apiserverPid, c.etcdPid]),
  ]);
  console.log(
    `kube harness: ${harness.clusters.length} clusters ready in ${((Date.now() - began) / 1000).toFixed(1)} s ` +
      `(harness ${(harness.startMs / 1000).toFixed(1)} s), RSS ${rss} MB`,
  );
  project.provide("kubeClusters", harness.clusters);
  return teardown;
}

/** Stops the harness (idempotent). */
export async function teardown(): Promise<void> {
  await harness?.stop();
  harness = undefined;
}

function readRssMb(pids: number[]): string {
  // Linux only; report "?" elsewhere rather than fail the suite.
  try {
    let kb = 0;
    for (const pid of pids) {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      kb += Number(m?.[1] ?? 0);
    }
    return (kb / 1024).toFixed(0);
  } catch {
    return "?";
  }
}
