// Applies the manifests test/helm/charts.sh rendered (one file per chart and value set) to a
// real kube-apiserver: one harness cluster (test/kube, with its upstream mesh CRDs), server-side
// apply as a single field manager, every object read back. The namespaces the objects live in
// are created first, as an operator's cluster has them (the release namespace, kube-system, a
// mesh's namespace); CustomResourceDefinitions in a render are applied and awaited before the
// rest. The API server validates each object (schema, admission, RBAC escalation checks).
//   node --import tsx test/helm/apply-rendered.ts test-results/helm
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

import {
  KubernetesObjectApi,
  PatchStrategy,
  loadAllYaml,
  type KubeConfig,
  type KubernetesObject,
} from "@kubernetes/client-node";

import { kubeConfigFor, startKubeHarness } from "../../tests/kube/harness";

const FIELD_MANAGER = "meridian-helm-ci";

/** Every rendered file under `dir` (<chart>/<value set>.yaml), sorted. */
function renderedFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((d) => statSync(path.join(dir, d)).isDirectory())
    .sort()
    .flatMap((chart) =>
      readdirSync(path.join(dir, chart))
        .filter((f) => f.endsWith(".yaml"))
        .sort()
        .map((f) => path.join(dir, chart, f)),
    );
}

function parse(file: string): KubernetesObject[] {
  return (loadAllYaml(readFileSync(file, "utf8")) as unknown[]).filter(
    (o): o is KubernetesObject => !!o && typeof o === "object" && "kind" in o,
  );
}

const describeObject = (o: KubernetesObject) =>
  `${o.apiVersion} ${o.kind} ${o.metadata?.namespace ? `${o.metadata.namespace}/` : ""}${o.metadata?.name}`;

async function applyAll(client: KubernetesObjectApi, objects: KubernetesObject[], label: string) {
  for (const obj of objects) {
    try {
      await client.patch(
        obj,
        undefined,
        undefined,
        FIELD_MANAGER,
        true,
        PatchStrategy.ServerSideApply,
      );
    } catch (err) {
      const body = (err as { body?: unknown }).body;
      throw new Error(
        `${label}: the API server refused ${describeObject(obj)}: ${typeof body === "string" ? body : (err as Error).message}`,
      );
    }
  }
}

async function waitEstablished(client: KubernetesObjectApi, crds: KubernetesObject[]) {
  for (const crd of crds) {
    for (let i = 0; ; i++) {
      const live = (await client.read({
        apiVersion: crd.apiVersion,
        kind: crd.kind,
        metadata: { name: crd.metadata!.name! },
      })) as KubernetesObject & { status?: { conditions?: { type: string; status: string }[] } };
      if (live.status?.conditions?.some((c) => c.type === "Established" && c.status === "True"))
        break;
      if (i > 100) throw new Error(`CRD ${crd.metadata?.name} not Established after 10 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

async function applyRendered(kc: KubeConfig, file: string): Promise<number> {
  const label = path.relative(process.cwd(), file);
  const objects = parse(file);
  if (objects.length === 0) throw new Error(`${label}: the render holds no objects`);
  const client = KubernetesObjectApi.makeApiClient(kc);
  const namespaces = [
    ...new Set(objects.map((o) => o.metadata?.namespace).filter((n): n is string => !!n)),
  ].map((name) => ({ apiVersion: "v1", kind: "Namespace", metadata: { name } }));
  const crds = objects.filter((o) => o.kind === "CustomResourceDefinition");
  await applyAll(client, [...namespaces, ...crds], label);
  await waitEstablished(client, crds);
  const rest = objects.filter((o) => o.kind !== "CustomResourceDefinition");
  await applyAll(client, rest, label);
  // Read back: every object is stored as rendered (same kind, name and namespace).
  for (const obj of objects) {
    const live = await client.read({
      apiVersion: obj.apiVersion,
      kind: obj.kind,
      metadata: { name: obj.metadata!.name!, namespace: obj.metadata?.namespace },
    });
    if (live.metadata?.uid === undefined)
      throw new Error(`${label}: ${describeObject(obj)} not stored`);
  }
  const kinds = [...new Set(objects.map((o) => o.kind))].sort().join(", ");
  console.error(`helm-apply: ${label}: ${objects.length} objects applied (${kinds})`);
  return objects.length;
}

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir) throw new Error("usage: node --import tsx test/helm/apply-rendered.ts <renders dir>");
  const files = renderedFiles(dir);
  if (files.length === 0) throw new Error(`helm-apply: no rendered manifests under ${dir}`);
  const began = Date.now();
  const harness = await startKubeHarness({ clusters: ["helm-ci"] });
  try {
    const kc = kubeConfigFor(harness.clusters[0]!);
    let total = 0;
    for (const file of files) total += await applyRendered(kc, file);
    console.error(
      `helm-apply: ${files.length} render(s), ${total} objects applied to a real kube-apiserver in ${((Date.now() - began) / 1000).toFixed(1)} s`,
    );
  } finally {
    await harness.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
