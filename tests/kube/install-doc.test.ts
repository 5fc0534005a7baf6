// docs/install.md, command by command, against a real kube-apiserver: `kubectl create
// namespace` / `create secret generic` as the objects they create, `helm install` and
// `helm upgrade` as the real helm's `helm template` with the same arguments followed by a
// server-side apply, `kubectl rollout status` as a read of the Deployment. Then every Secret
// key the plane's and the agent's pods read must exist, the page's agent command must be the
// one Meridian prints, its SSO values must render, and its backup commands must be the ones
// scripts/ci/check-runtime-tree.sh runs against real Postgres. The page's namespace is swapped
// for a unique one, so the suite's shared API servers keep no state between runs.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import {
  loadAllYaml,
  PatchStrategy,
  type KubernetesObject,
  type V1Container,
  type V1PodSpec,
} from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { agentChartUrl, agentInstallCommand } from "@/lib/domain/install-command";
import { agentChartPackage } from "@/lib/infra/agent-chart";

import { clientsFor, uniqueName, type ClusterClients } from "./clients";
import { REPO_ROOT } from "./harness";
import { serveCharts, type ChartServer } from "./chart-server";
import { ensureHelm, runHelm, runHelmAsync } from "./helm";
import { docBlocks, expandCommands, parseArgs, type DocCommand } from "./install-doc";

const DOC_NAMESPACE = "meridian-system";
const FIELD_MANAGER = "meridian-install-doc";

let c: ClusterClients;
let dir: string;
let charts: ChartServer | undefined;
const namespace = uniqueName("install-doc");
/** Cluster-scoped objects the agent chart created, removed again afterwards. */
const clusterScoped: KubernetesObject[] = [];
const applied: KubernetesObject[] = [];

const helm = (args: string[]): string => runHelm(args, dir);

const ns = (name: string | undefined) => (name === DOC_NAMESPACE ? namespace : name);

async function apply(obj: KubernetesObject): Promise<void> {
  await c.objects.patch(
    obj,
    undefined,
    undefined,
    FIELD_MANAGER,
    true,
    PatchStrategy.ServerSideApply,
  );
  applied.push(obj);
  if (!obj.metadata?.namespace) clusterScoped.push(obj);
}

/** Does what `cmd` would do to the cluster. */
async function run(cmd: DocCommand): Promise<void> {
  if (cmd.tool === "kubectl") {
    const { options, positional } = parseArgs(cmd.args);
    const target = ns(options.get("namespace")?.[0]);
    const [verb, kind, ...rest] = positional;
    if (verb === "create" && kind === "namespace") {
      expect(rest).toEqual([DOC_NAMESPACE]);
      await c.core.createNamespace({ body: { metadata: { name: namespace } } });
    } else if (verb === "create" && kind === "secret" && rest[0] === "generic") {
      const data: Record<string, string> = {};
      for (const literal of options.get("from-literal") ?? []) {
        const eq = literal.indexOf("=");
        expect(eq, `--from-literal=${literal}`).toBeGreaterThan(0);
        data[literal.slice(0, eq)] = literal.slice(eq + 1);
      }
      expect(Object.values(data).every((v) => v.length > 0)).toBe(true);
      await c.core.createNamespacedSecret({
        namespace: target!,
        body: { metadata: { name: rest[1]! }, stringData: data },
      });
    } else if (verb === "rollout" && kind === "status") {
      const [type, name] = rest[0]!.split("/");
      expect(type).toBe("deployment");
      const d = (await c.objects.read({
        apiVersion: "apps/v1",
        kind: "Deployment",
        metadata: { name: name!, namespace: target! },
      })) as KubernetesObject & { spec?: { replicas?: number } };
      expect(d.spec?.replicas).toBe(2);
    } else throw new Error(`no CI check for: ${cmd.text}`);
    return;
  }
  if (cmd.tool === "helm") {
    const { options, positional } = parseArgs(cmd.args, ["install", "create-namespace"]);
    const [verb, release, chart] = positional;
    expect(["install", "upgrade"]).toContain(verb);
    const target = ns(options.get("namespace")?.[0])!;
    if (options.has("create-namespace") && !(await namespaceExists(target)))
      await c.core.createNamespace({ body: { metadata: { name: target } } });
    const args = ["template", release!, await chartSource(chart!), "--namespace", target];
    for (const f of options.get("values") ?? []) args.push("--values", f);
    for (const s of options.get("set") ?? []) args.push("--set", s);
    for (const o of options.keys())
      if (!["namespace", "values", "set", "install", "create-namespace"].includes(o))
        throw new Error(`helm option --${o} has no CI check: ${cmd.text}`);
    const objects = (loadAllYaml(await runHelmAsync(args, dir)) as unknown[]).filter(
      (o): o is KubernetesObject => !!o && typeof o === "object" && "kind" in o,
    );
    expect(objects.length).toBeGreaterThan(0);
    for (const obj of objects) await apply(obj);
    return;
  }
  // pg_dump / pg_restore: run against real Postgres by the runtime-tree check.
  const check = readFileSync(path.join(REPO_ROOT, "scripts/ci/check-runtime-tree.sh"), "utf8");
  expect(check, `scripts/ci/check-runtime-tree.sh runs \`${cmd.text}\``).toContain(cmd.text);
}

/**
 * A chart path of the checkout, or the agent chart URL Meridian prints: that is fetched by the
 * real helm from Meridian's own chart route, listening on loopback in place of the doc's host.
 */
async function chartSource(chart: string): Promise<string> {
  if (!/^https?:\/\//.test(chart)) return path.join(REPO_ROOT, chart);
  const { pathname } = new URL(chart);
  expect(pathname, "the agent chart's URL").toBe(`/charts/${(await agentChartPackage()).fileName}`);
  charts ??= await serveCharts();
  return `${charts.origin}${pathname}`;
}

async function namespaceExists(name: string): Promise<boolean> {
  try {
    await c.core.readNamespace({ name });
    return true;
  } catch {
    return false;
  }
}

function podSpec(obj: KubernetesObject): V1PodSpec | undefined {
  return (obj as { spec?: { template?: { spec?: V1PodSpec } } }).spec?.template?.spec;
}

beforeAll(() => {
  c = clientsFor("west-1");
  dir = mkdtempSync(path.join(tmpdir(), "meridian-install-doc-"));
  ensureHelm();
});

afterAll(async () => {
  await charts?.close();
  for (const obj of clusterScoped.reverse()) await c.objects.delete(obj).catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

describe("docs/install.md on a real kube-apiserver", () => {
  const blocks = docBlocks();

  it("installs the plane, connects the first agent and upgrades, command by command", async () => {
    const values = blocks.find((b) => b.lang === "yaml" && b.section.startsWith("Install"));
    expect(values, "the install section's values.yaml").toBeDefined();
    writeFileSync(path.join(dir, "values.yaml"), values!.body);
    const shell = blocks.filter((b) => b.lang === "sh");
    expect(shell.map((b) => b.section)).toEqual([
      "Install in five commands",
      "Connect the first cluster",
      "Upgrade",
      "Back up and restore",
    ]);
    const install = expandCommands(shell[0]!.body, dir);
    expect(install).toHaveLength(5);
    for (const block of shell) {
      for (const cmd of expandCommands(block.body, dir, { DATABASE_URL: "postgresql://x/y" }))
        await run(cmd);
    }

    // What the pods would read exists: every non-optional secretKeyRef of the plane and agent.
    const workloads = applied.filter((o) => o.kind === "Deployment" || o.kind === "Job");
    expect(workloads.map((o) => `${o.kind}/${o.metadata?.name}`)).toEqual(
      expect.arrayContaining(["Deployment/meridian", "Deployment/meridian-agent"]),
    );
    expect(
      workloads.some((o) => o.kind === "Job" && o.metadata?.name?.startsWith("meridian-migrate-")),
    ).toBe(true);
    for (const w of workloads) {
      const containers: V1Container[] = podSpec(w)?.containers ?? [];
      for (const env of containers.flatMap((ct) => ct.env ?? [])) {
        const ref = env.valueFrom?.secretKeyRef;
        if (!ref || ref.optional) continue;
        const secret = await c.core.readNamespacedSecret({
          name: ref.name!,
          namespace: w.metadata!.namespace!,
        });
        expect(
          Object.keys(secret.data ?? {}),
          `${w.kind}/${w.metadata?.name} reads ${ref.name}/${ref.key}`,
        ).toContain(ref.key);
      }
    }
    // The plane as the page promises: read-only root, non-root, probes on /api/healthz.
    const plane = workloads.find(
      (o) => o.kind === "Deployment" && o.metadata?.name === "meridian",
    )!;
    const container = podSpec(plane)!.containers[0]!;
    expect(container.securityContext?.readOnlyRootFilesystem).toBe(true);
    expect(podSpec(plane)!.securityContext?.runAsNonRoot).toBe(true);
    expect(container.readinessProbe?.httpGet?.path).toBe("/api/healthz");
    expect(container.livenessProbe?.httpGet?.path).toBe("/api/healthz");
  });

  it("shows the agent command Meridian prints under Add cluster", async () => {
    const agent = docBlocks().find(
      (b) => b.section === "Connect the first cluster" && b.lang === "sh",
    )!;
    const [cmd] = expandCommands(agent.body, dir);
    const { options } = parseArgs(cmd!.args, ["install", "create-namespace"]);
    const set = new Map((options.get("set") ?? []).map((s) => s.split("=", 2) as [string, string]));
    const url = set.get("meridian.url")!;
    const printed = agentInstallCommand({
      url,
      chartUrl: agentChartUrl(url, (await agentChartPackage()).fileName),
      cluster: set.get("cluster.name")!,
      joinToken: set.get("joinToken")!,
    });
    expect(agent.body.trim()).toBe(printed);
  });

  it("renders its single sign-on values into the OIDC environment it names", () => {
    const sso = blocks.find((b) => b.lang === "yaml" && b.section === "Single sign-on")!;
    writeFileSync(path.join(dir, "sso.yaml"), sso.body);
    const rendered = helm([
      "template",
      "meridian",
      path.join(REPO_ROOT, "deploy/meridian"),
      "--values",
      "values.yaml",
      "--values",
      "sso.yaml",
    ]);
    const deployment = (loadAllYaml(rendered) as KubernetesObject[]).find(
      (o) => o?.kind === "Deployment",
    )!;
    const env = new Map((podSpec(deployment)!.containers[0]!.env ?? []).map((e) => [e.name, e]));
    expect(env.get("MERIDIAN_OIDC_ISSUER")?.value).toBe(
      "https://login.example.com/realms/platform",
    );
    expect(env.get("MERIDIAN_OIDC_CLIENT_ID")?.value).toBe("meridian");
    expect(env.get("MERIDIAN_OIDC_CLIENT_SECRET")?.valueFrom?.secretKeyRef).toEqual({
      name: "meridian-oidc",
      key: "MERIDIAN_OIDC_CLIENT_SECRET",
    });
    expect(env.get("MERIDIAN_OIDC_ROLE_CLAIM")?.value).toBe("groups");
    expect(JSON.parse(env.get("MERIDIAN_OIDC_ROLES")?.value ?? "null")).toEqual({
      "meridian-admins": "admin",
      "meridian-operators": "operator",
      "meridian-viewers": "viewer",
    });
    expect(env.get("MERIDIAN_PASSWORD_LOGIN")?.value).toBe("false");
    const page = readFileSync(path.join(REPO_ROOT, "docs/install.md"), "utf8");
    for (const name of env.keys())
      if (name.startsWith("MERIDIAN_OIDC_")) expect(page).toContain(`\`${name}\``);
  });
});
