/**
 * Starts and stops the Go test harness (test/kube/bin/harness): N independent
 * Kubernetes API servers (etcd + kube-apiserver each) with the upstream mesh CRDs.
 * Used by the vitest global setup and by the demo tooling.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

import { KubeConfig } from "@kubernetes/client-node";

/** Repository root (this file lives in tests/kube/). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
/** The Go module that builds kube-apiserver, etcd and the harness. */
export const KUBE_MODULE_DIR = path.join(REPO_ROOT, "test", "kube");
/** Where build.sh puts the binaries (gitignored). */
export const KUBE_BIN_DIR = path.join(KUBE_MODULE_DIR, "bin");

/** The cluster names used by the tests and the demo (Distributed Bookinfo). */
export const DEFAULT_CLUSTER_NAMES = ["east-1", "east-2", "west-1"] as const;

/** One running cluster, as printed on the harness's ready line. */
export interface KubeClusterInfo {
  name: string;
  /** https://127.0.0.1:PORT, serving a certificate from the cluster's own CA. */
  server: string;
  /** Kubeconfig file (token user in system:masters, CA data inline). */
  kubeconfig: string;
  /** Bearer token of the admin user (group system:masters). */
  token: string;
  /** PEM file of the CA that signed the serving certificate. */
  caFile: string;
  /** etcd client URL (plain HTTP on loopback; its /v3 JSON gateway is on). */
  etcd: string;
  apiserverPid: number;
  etcdPid: number;
}

/** A running harness process. */
export interface KubeHarness {
  clusters: KubeClusterInfo[];
  /** Milliseconds from harness start to all clusters ready, as measured by the harness. */
  startMs: number;
  workDir: string;
  pid: number;
  /** Stops every API server and etcd and removes the work directory. */
  stop(): Promise<void>;
}

/** Options for {@link startKubeHarness}. */
export interface StartKubeHarnessOptions {
  /** Cluster names; default {@link DEFAULT_CLUSTER_NAMES}. */
  clusters?: readonly string[];
  /** Build the binaries first if missing or stale (default true). */
  build?: boolean;
  /** How long to wait for the ready line (default 240 s). */
  timeoutMs?: number;
  /** Extra harness flags, e.g. ["--keep"]. */
  extraArgs?: string[];
  /** Where the harness's own stderr goes (default: collected, shown on failure). */
  onLog?: (line: string) => void;
}

interface ReadyLine {
  ready: boolean;
  error?: string;
  startMs: number;
  workDir?: string;
  clusters?: KubeClusterInfo[];
}

/**
 * Builds kube-apiserver, etcd and the harness with test/kube/build.sh unless its
 * go.sum-keyed cache says they are current. Throws with a message naming what to
 * install when Go is missing or the build fails.
 */
export function ensureKubeBinaries(): void {
  const result = spawnSync("bash", [path.join(KUBE_MODULE_DIR, "build.sh")], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (result.error) {
    throw new Error(`kube harness: cannot run bash test/kube/build.sh: ${result.error.message}`);
  }
  if (result.status === 127) {
    throw new Error(
      "kube harness: Go is not installed. Install Go >= 1.26.0 (needed to build kube-apiserver and etcd from the Go module proxy), then run `npm run kube:build`.",
    );
  }
  if (result.status !== 0) {
    throw new Error(
      `kube harness: bash test/kube/build.sh failed with exit code ${String(result.status)} (see its output above).`,
    );
  }
}

/**
 * Starts the harness with one etcd + kube-apiserver per cluster name and resolves
 * once every cluster is ready (CRDs Established, kubeconfigs written). The harness
 * exits by itself if this process dies (its stdin closes).
 */
export async function startKubeHarness(
  options: StartKubeHarnessOptions = {},
): Promise<KubeHarness> {
  const names = options.clusters ?? DEFAULT_CLUSTER_NAMES;
  if (options.build ?? true) ensureKubeBinaries();
  const bin = path.join(KUBE_BIN_DIR, "harness");
  if (!existsSync(bin)) {
    throw new Error(
      `kube harness: ${bin} is missing; run \`npm run kube:build\` (needs Go >= 1.26.0).`,
    );
  }
  const child = spawn(
    bin,
    ["--watch-stdin", `--clusters=${names.join(",")}`, ...(options.extraArgs ?? [])],
    {
      cwd: REPO_ROOT,
      stdio: ["pipe", "pipe", "pipe"],
    },
  );
  const stderr: string[] = [];
  createInterface({ input: child.stderr! }).on("line", (line) => {
    if (options.onLog) options.onLog(line);
    else stderr.push(line);
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  const ready = await readReadyLine(child, exited, options.timeoutMs ?? 240_000).catch(
    (err: unknown) => {
      child.kill("SIGKILL");
      const message = err instanceof Error ? err.message : String(err);
      throw new Error(`${message}\n--- harness stderr ---\n${stderr.slice(-80).join("\n")}`);
    },
  );
  let stopping: Promise<void> | undefined;
  return {
    clusters: ready.clusters ?? [],
    startMs: ready.startMs,
    workDir: ready.workDir ?? "",
    pid: child.pid ?? -1,
    stop() {
      stopping ??= stopChild(child, exited);
      return stopping;
    },
  };
}

function readReadyLine(
  child: ChildProcess,
  exited: Promise<number | null>,
  timeoutMs: number,
): Promise<ReadyLine> {
  return new Promise<ReadyLine>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`kube harness: not ready after ${timeoutMs} ms`)),
      timeoutMs,
    );
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`kube harness: exited with code ${String(code)} before it was ready`));
    });
    createInterface({ input: child.stdout! }).on("line", (raw) => {
      let line: ReadyLine;
      try {
        line = JSON.parse(raw) as ReadyLine;
      } catch {
        return; // not the ready line
      }
      clearTimeout(timer);
      if (line.ready) resolve(line);
      else reject(new Error(`kube harness: ${line.error ?? "failed to start"}`));
    });
  });
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const timeout = new Promise<"timeout">((resolve) =>
    setTimeout(() => resolve("timeout"), 45_000).unref(),
  );
  if ((await Promise.race([exited, timeout])) === "timeout") {
    child.kill("SIGKILL");
    await exited;
  }
}

/** A KubeConfig for one harness cluster, loaded from its kubeconfig file. */
export function kubeConfigFor(cluster: Pick<KubeClusterInfo, "kubeconfig">): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromFile(cluster.kubeconfig);
  return kc;
}
