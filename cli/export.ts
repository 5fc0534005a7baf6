// `meridian export`: the fleet's desired state as a GitOps tree (lib/meshes/gitops-tree.ts),
// written to a directory: one folder per cluster, one file per resource, a kustomization.yaml.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { DesiredResource } from "../lib/agent-protocol/messages";
import { clusterTree } from "../lib/meshes/gitops-tree";

export type ExportedCluster = { cluster: string; generation: number; resources: number };

/**
 * Writes `cluster`'s folder under `dir`. YAML files left from an earlier export are removed
 * first: a resource no longer desired must leave the tree, or Argo CD would keep applying it.
 */
export function writeClusterTree(
  dir: string,
  cluster: string,
  resources: readonly DesiredResource[],
): void {
  const folder = path.join(dir, cluster);
  mkdirSync(folder, { recursive: true });
  for (const name of readdirSync(folder))
    if (name.endsWith(".yaml")) rmSync(path.join(folder, name));
  for (const file of clusterTree(cluster, resources))
    writeFileSync(path.join(dir, file.path), file.content);
}
