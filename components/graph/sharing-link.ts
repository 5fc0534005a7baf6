import type { RoleName } from "@/lib/model/inventory";

/**
 * Where the map's "Change sharing" leads for a node: the sharing matrix filtered to that global
 * service — the whole matrix is a dead end at fleet scale — and only for those who may change it
 * (operators and admins). Null: no link.
 */
export function sharingLink(
  node: { kind: string; namespace?: string; name?: string },
  role: RoleName,
): string | null {
  if (role === "viewer" || !node.namespace || !node.name) return null;
  if (node.kind !== "service" && node.kind !== "global-service") return null;
  return `/sharing?q=${encodeURIComponent(`${node.namespace}/${node.name}`)}`;
}
