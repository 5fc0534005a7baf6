// Real clusters for the browser tests: the kube-apiserver harness (test/kube/bin) and real
// Meridian agents (agent/src/main.ts in kubernetes mode) connecting out to the e2e server.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CustomObjectsApi, type KubeConfig, type KubernetesObject } from "@kubernetes/client-node";
import { applyObjects } from "../../tests/kube/fixtures/apply";
import {
  KUBE_BIN_DIR,
  REPO_ROOT,
  kubeConfigFor,
  startKubeHarness,
  type KubeHarness,
} from "../../tests/kube/harness";

const BINARIES = ["harness", "kube-apiserver", "etcd"] as const;

/**
 * Throws (never skips) when the harness binaries are missing, naming the command that builds
 * them; CI's kube step builds them before the e2e step runs.
 */
export function requireHarnessBinaries(): void {
  const missing = BINARIES.filter((b) => !existsSync(path.join(KUBE_BIN_DIR, b)));
  if (missing.length > 0)
    throw new Error(
      `The kube-apiserver harness binaries are missing (${missing.map((b) => `test/kube/bin/${b}`).join(", ")}). ` +
        "Build them with `bash test/kube/ci.sh` (or `npm run kube:build`; needs Go >= 1.26.0), then rerun this spec.",
    );
}

/** Starts one kube-apiserver + etcd per name, with the upstream CRDs installed. */
export async function startHarness(names: readonly string[]): Promise<KubeHarness> {
  requireHarnessBinaries();
  return startKubeHarness({ clusters: names, build: false, timeoutMs: 180_000 });
}

/** A Service with ready endpoints (and its EndpointSlice, as the controller would write it). */
export async function createService(
  kc: KubeConfig,
  namespace: string,
  name: string,
  port = 8080,
): Promise<void> {
  const objects: KubernetesObject[] = [
    { apiVersion: "v1", kind: "Namespace", metadata: { name: namespace } },
    {
      apiVersion: "v1",
      kind: "Service",
      metadata: { namespace, name, labels: { app: name } },
      spec: { selector: { app: name }, ports: [{ name: "http", port, protocol: "TCP" }] },
    } as KubernetesObject,
    {
      apiVersion: "discovery.k8s.io/v1",
      kind: "EndpointSlice",
      metadata: {
        namespace,
        name: `${name}-e2e`,
        labels: {
          "kubernetes.io/service-name": name,
          "endpointslice.kubernetes.io/managed-by": "endpointslice-controller.k8s.io",
        },
      },
      addressType: "IPv4",
      ports: [{ name: "http", port, protocol: "TCP" }],
      endpoints: [{ addresses: ["10.200.0.10"], conditions: { ready: true, serving: true } }],
    } as KubernetesObject,
  ];
  await applyObjects(kc, objects);
}

/** The ServiceExport (MCS API) for namespace/name in a cluster, or null when there is none. */
export async function readServiceExport(
  kc: KubeConfig,
  namespace: string,
  name: string,
): Promise<Record<string, unknown> | null> {
  const custom = kc.makeApiClient(CustomObjectsApi);
  try {
    return (await custom.getNamespacedCustomObject({
      group: "multicluster.x-k8s.io",
      version: "v1alpha1",
      namespace,
      plural: "serviceexports",
      name,
    })) as Record<string, unknown>;
  } catch (err) {
    if ((err as { code?: number }).code === 404) return null;
    throw err;
  }
}

/** A real agent process for one harness cluster. */
export type AgentProcess = { cluster: string; child: ChildProcess; logs: string[] };

/** Starts `agent/src/main.ts` in kubernetes mode with the cluster's kubeconfig and join token. */
export function startAgent(opts: {
  cluster: string;
  kubeconfig: string;
  meridianUrl: string;
  joinToken: string;
}): AgentProcess & { stop: () => Promise<void> } {
  const stateDir = mkdtempSync(path.join(tmpdir(), `meridian-e2e-agent-${opts.cluster}-`));
  const child = spawn(process.execPath, ["--import", "tsx", "agent/src/main.ts"], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      MERIDIAN_AGENT_MODE: "kubernetes",
      MERIDIAN_URL: opts.meridianUrl,
      MERIDIAN_JOIN_TOKEN: opts.joinToken,
      MERIDIAN_CLUSTER: opts.cluster,
      MERIDIAN_CREDENTIAL_FILE: path.join(stateDir, "credential"),
      MERIDIAN_AGENT_PORT: "0",
      KUBECONFIG: opts.kubeconfig,
      HOSTNAME: `e2e-agent-${opts.cluster}`,
    } as unknown as NodeJS.ProcessEnv,
  });
  const logs: string[] = [];
  const keep = (chunk: Buffer) => {
    logs.push(...chunk.toString().split("\n").filter(Boolean));
    if (logs.length > 200) logs.splice(0, logs.length - 200);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    cluster: opts.cluster,
    child,
    logs,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

export { kubeConfigFor };
