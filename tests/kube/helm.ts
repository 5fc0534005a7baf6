/**
 * The real helm v4 (test/helm/bin/helm, built from the Go module proxy by test/helm/build.sh)
 * for kube-suite tests: build it if needed, render a chart into objects.
 */
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { loadAllYaml, type KubernetesObject } from "@kubernetes/client-node";

import { REPO_ROOT } from "./harness";

export const HELM_BIN = path.join(REPO_ROOT, "test", "helm", "bin", "helm");

/** Builds helm with test/helm/build.sh unless its go.sum stamp says it is current. */
export function ensureHelm(): void {
  const result = spawnSync("bash", [path.join(REPO_ROOT, "test", "helm", "build.sh")], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (result.status === 127)
    throw new Error(
      "helm: Go is not installed. Install Go >= 1.26.0 (helm v4 is built from the Go module proxy), then run `npm run helm:build`.",
    );
  if (result.status !== 0)
    throw new Error(
      `helm: bash test/helm/build.sh failed with exit code ${String(result.status)} (see its output above).`,
    );
}

/** Runs the built helm with `args` in `cwd`; returns its stdout, throws with its stderr. */
export function runHelm(args: string[], cwd: string = REPO_ROOT): string {
  const result = spawnSync(HELM_BIN, args, { cwd, encoding: "utf8" });
  if (result.error)
    throw new Error(`helm: cannot run ${HELM_BIN} (npm run helm:build): ${result.error.message}`);
  if (result.status !== 0)
    throw new Error(`helm ${args.join(" ")} failed (${String(result.status)}): ${result.stderr}`);
  return result.stdout;
}

/**
 * {@link runHelm} without blocking the event loop: for a helm that fetches from a server in this
 * same process (tests/kube/chart-server.ts).
 */
export function runHelmAsync(args: string[], cwd: string = REPO_ROOT): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      HELM_BIN,
      args,
      { cwd, encoding: "utf8", maxBuffer: 64 << 20 },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`helm ${args.join(" ")} failed: ${stderr || error.message}`))
          : resolve(stdout),
    );
  });
}

/** Options for {@link helmTemplate}. */
export interface HelmTemplateOptions {
  release: string;
  namespace: string;
  /** Values files relative to the repository (e.g. a chart's ci/*-values.yaml). */
  valuesFiles?: string[];
  /** Values given last (written to a temporary values file, so no --set escaping). */
  values?: Record<string, unknown>;
}

/** `helm template` of `chart` (a path relative to the repository), parsed into objects. */
export function helmTemplate(chart: string, opts: HelmTemplateOptions): KubernetesObject[] {
  const dir = mkdtempSync(path.join(tmpdir(), "meridian-helm-"));
  try {
    const args = ["template", opts.release, chart, "--namespace", opts.namespace];
    for (const f of opts.valuesFiles ?? []) args.push("--values", f);
    if (opts.values) {
      const file = path.join(dir, "values.json");
      writeFileSync(file, JSON.stringify(opts.values));
      args.push("--values", file);
    }
    return (loadAllYaml(runHelm(args)) as unknown[]).filter(
      (o): o is KubernetesObject => !!o && typeof o === "object" && "kind" in o,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
