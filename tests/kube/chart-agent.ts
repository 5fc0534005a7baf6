/**
 * Runs the real agent (agent/src/main.ts, its own OS process) the way deploy/agent installs it,
 * against a harness cluster: the chart rendered by helm, its ServiceAccount, Roles, Bindings and
 * Secrets applied by the cluster admin (as `helm install` would), a token minted for the
 * ServiceAccount with the TokenRequest API, and the agent given ONLY that token. The one stand-in:
 * there is no kubelet, so the token reaches the agent in a kubeconfig file (KUBECONFIG) instead
 * of the projected volume at /var/run/secrets/kubernetes.io/serviceaccount.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";

import {
  AuthenticationV1Api,
  CoreV1Api,
  KubeConfig,
  type KubernetesObject,
} from "@kubernetes/client-node";

import { applyObjects } from "./fixtures/apply";
import { REPO_ROOT, type KubeClusterInfo } from "./harness";
import { helmTemplate } from "./helm";

export const AGENT_CHART = "deploy/agent";
/** Release namespace, as docs/agent.md installs it. */
export const AGENT_NAMESPACE = "meridian-system";
const RBAC_KINDS = ["ServiceAccount", "ClusterRole", "ClusterRoleBinding", "Role", "RoleBinding"];

type EnvVar = {
  name: string;
  value?: string;
  valueFrom?: {
    secretKeyRef?: { name: string; key: string };
    fieldRef?: { fieldPath: string };
  };
};
type Secret = KubernetesObject & { stringData?: Record<string, string> };
type Deployment = KubernetesObject & {
  spec: {
    template: {
      spec: { serviceAccountName: string; containers: { name: string; env: EnvVar[] }[] };
    };
  };
};

/** deploy/agent rendered by helm for one cluster. */
export function renderAgentChart(opts: {
  meridianUrl: string;
  cluster: string;
  joinToken: string;
  valuesFiles?: string[];
}): KubernetesObject[] {
  return helmTemplate(AGENT_CHART, {
    release: "meridian-agent",
    namespace: AGENT_NAMESPACE,
    valuesFiles: opts.valuesFiles,
    values: {
      meridian: { url: opts.meridianUrl },
      cluster: { name: opts.cluster },
      joinToken: opts.joinToken,
    },
  });
}

/** The rendered ServiceAccount, Roles, Bindings and Secrets: what the agent's access consists of. */
export function accessObjects(rendered: KubernetesObject[]): KubernetesObject[] {
  return rendered.filter((o) => RBAC_KINDS.includes(o.kind ?? "") || o.kind === "Secret");
}

/** The one Deployment the chart renders. */
export function agentDeployment(rendered: KubernetesObject[]): Deployment {
  const found = rendered.filter((o) => o.kind === "Deployment");
  if (found.length !== 1)
    throw new Error(`expected 1 Deployment in the chart, got ${found.length}`);
  return found[0] as Deployment;
}

/**
 * Applies the release namespace (helm install --create-namespace), then the access objects,
 * as the cluster admin. Namespaces a Role lives in are NOT created: a real cluster has them or
 * the install fails, as it would here.
 */
export async function installAgentAccess(
  admin: KubeConfig,
  rendered: KubernetesObject[],
): Promise<void> {
  await applyObjects(admin, [
    { apiVersion: "v1", kind: "Namespace", metadata: { name: AGENT_NAMESPACE } },
    ...accessObjects(rendered),
  ]);
}

/**
 * Mints a token for the chart's ServiceAccount (TokenRequest) and writes a kubeconfig holding
 * only that token and the cluster's CA. Returns the file and the username the API server
 * authenticated the token as (SelfSubjectReview).
 */
export async function serviceAccountKubeconfig(
  admin: KubeConfig,
  info: KubeClusterInfo,
  serviceAccount: string,
  file: string,
): Promise<{ file: string; username: string }> {
  const issued = await admin.makeApiClient(CoreV1Api).createNamespacedServiceAccountToken({
    namespace: AGENT_NAMESPACE,
    name: serviceAccount,
    body: { spec: { audiences: ["https://kubernetes.default.svc"], expirationSeconds: 3600 } },
  });
  const token = issued.status?.token;
  if (!token) throw new Error("TokenRequest returned no token");
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: info.name, server: info.server, caFile: info.caFile }],
    users: [{ name: serviceAccount, token }],
    contexts: [{ name: serviceAccount, cluster: info.name, user: serviceAccount }],
    currentContext: serviceAccount,
  });
  writeFileSync(file, kc.exportConfig(), { mode: 0o600 });
  const review = await kc.makeApiClient(AuthenticationV1Api).createSelfSubjectReview({ body: {} });
  return { file, username: review.status?.userInfo?.username ?? "" };
}

/**
 * The agent container's environment as the chart's Deployment sets it: literal values, Secret
 * keys from the rendered Secrets, and the Downward API fields a kubelet would fill in.
 */
export function chartEnvironment(
  rendered: KubernetesObject[],
  podName: string,
): Record<string, string> {
  const deployment = agentDeployment(rendered);
  const secrets = rendered.filter((o): o is Secret => o.kind === "Secret");
  const fields: Record<string, string> = {
    "metadata.namespace": AGENT_NAMESPACE,
    "metadata.name": podName,
  };
  const env: Record<string, string> = {};
  for (const v of deployment.spec.template.spec.containers[0]?.env ?? []) {
    if (v.value !== undefined) env[v.name] = v.value;
    else if (v.valueFrom?.secretKeyRef) {
      const ref = v.valueFrom.secretKeyRef;
      const value = secrets.find((s) => s.metadata?.name === ref.name)?.stringData?.[ref.key];
      if (value === undefined)
        throw new Error(`env ${v.name}: Secret ${ref.name} has no ${ref.key}`);
      env[v.name] = value;
    } else if (v.valueFrom?.fieldRef) {
      const value = fields[v.valueFrom.fieldRef.fieldPath];
      if (value === undefined) throw new Error(`env ${v.name}: unsupported fieldRef`);
      env[v.name] = value;
    } else throw new Error(`env ${v.name}: unsupported source`);
  }
  return env;
}

/** A running agent process and what it wrote on stderr (its JSON log). */
export interface AgentProcess {
  child: ChildProcess;
  log: string[];
  /** The last `n` log lines, for failure messages. */
  tail(n?: number): string;
  stop(): Promise<void>;
}

/** Starts agent/src/main.ts with exactly `env` (plus PATH). */
export function startAgentProcess(env: Record<string, string>): AgentProcess {
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", path.join("agent", "src", "main.ts")],
    {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: { PATH: process.env.PATH ?? "", ...env } as unknown as NodeJS.ProcessEnv,
    },
  );
  const log: string[] = [];
  for (const stream of [child.stdout!, child.stderr!])
    createInterface({ input: stream }).on("line", (line) => log.push(line));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    child,
    log,
    tail: (n = 15) => log.slice(-n).join("\n"),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
