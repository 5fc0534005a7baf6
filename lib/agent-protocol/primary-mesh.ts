import type { MeshTypeName } from "./snapshot";

// A cluster may report several meshes (a Cilium CNI under Istio, say). Everything that needs
// one mesh per cluster — planning, alerts, the map, fleet files — takes it by this one rule:
// the first mesh in detection order that is not "none".

type MeshLike = MeshTypeName | { type: MeshTypeName };

const typeOf = (m: MeshLike): MeshTypeName => (typeof m === "string" ? m : m.type);

/** The cluster's mesh among those reported, in detection order; undefined when none is. */
export function primaryMesh<T extends MeshLike>(meshes: readonly T[]): T | undefined {
  return meshes.find((m) => typeOf(m) !== "none") ?? meshes[0];
}

/** The type of the cluster's mesh, "none" when it reports none. */
export function primaryMeshType(meshes: readonly MeshLike[]): MeshTypeName {
  const mesh = primaryMesh(meshes);
  return mesh === undefined ? "none" : typeOf(mesh);
}
