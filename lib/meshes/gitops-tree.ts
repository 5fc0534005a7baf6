// The GitOps export: a cluster's desired resources as files for Argo CD or Flux to apply instead
// of the agent. One folder per cluster, one file per resource, and a kustomization.yaml listing
// them. Each file holds the object the agent server-side-applies (appliedObject), written by the
// one YAML emitter the plans use (resource-yaml.ts), so the export, the API's ?format=yaml and
// the agent agree byte for byte.
import { appliedObject, groupOf } from "../agent-protocol/applied-object";
import type { DesiredResource } from "../agent-protocol/messages";
import { toYaml } from "./kit/resource-yaml";

/** One file of the tree, its path relative to the export directory. */
export type TreeFile = { path: string; content: string };

export const KUSTOMIZATION_FILE = "kustomization.yaml";

/**
 * The file name of a resource: `[namespace_]kind[.group]_name.yaml`. "_" appears in no
 * Kubernetes name, so two resources never share a file.
 */
export function resourceFileName(r: DesiredResource): string {
  const group = groupOf(r.apiVersion);
  const kind = `${r.kind.toLowerCase()}${group ? `.${group}` : ""}`;
  const ns = r.metadata.namespace ? `${r.metadata.namespace}_` : "";
  return `${ns}${kind}_${r.metadata.name}.yaml`;
}

// Namespaces first, as the agent applies them (the objects inside would fail otherwise).
const rank = (r: DesiredResource) => (r.apiVersion === "v1" && r.kind === "Namespace" ? 0 : 1);

/** The resource files of one cluster, in apply order: file name and the applied object's YAML. */
export function clusterFiles(resources: readonly DesiredResource[]): TreeFile[] {
  return resources
    .map((r, i) => ({ r, i }))
    .sort((a, b) => rank(a.r) - rank(b.r) || a.i - b.i)
    .map(({ r }) => ({ path: resourceFileName(r), content: toYaml(appliedObject(r)) }));
}

/** The kustomization.yaml that lists a cluster's files. */
export function kustomization(files: readonly TreeFile[]): string {
  return toYaml({
    apiVersion: "kustomize.config.k8s.io/v1beta1",
    kind: "Kustomization",
    resources: files.map((f) => f.path),
  });
}

/** A cluster's folder: `<cluster>/<resource file>` and `<cluster>/kustomization.yaml`. */
export function clusterTree(cluster: string, resources: readonly DesiredResource[]): TreeFile[] {
  const files = clusterFiles(resources);
  return [
    ...files.map((f) => ({ path: `${cluster}/${f.path}`, content: f.content })),
    { path: `${cluster}/${KUSTOMIZATION_FILE}`, content: kustomization(files) },
  ];
}

/**
 * The resource files as one multi-document YAML stream (`kubectl apply -f -`), each document
 * byte for byte its file; empty when nothing is desired.
 */
export function yamlStream(resources: readonly DesiredResource[]): string {
  return clusterFiles(resources)
    .map((f) => `---\n${f.content}`)
    .join("");
}
