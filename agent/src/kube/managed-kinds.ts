// The kinds Meridian writes into clusters, and how the agent may touch each. The shared
// (decorate-only) kinds live in lib/agent-protocol/applied-object.ts: the GitOps export uses them too.
import { groupKind, type KindRef } from "../../../lib/agent-protocol/applied-object";
import { MESH_OWNED_KINDS } from "../../../lib/meshes/registry";

export {
  SHARED_KINDS,
  groupKind,
  groupOf,
  isSharedKind,
  type KindRef,
} from "../../../lib/agent-protocol/applied-object";

/**
 * Kinds Meridian creates and owns outright (labelled app.kubernetes.io/managed-by=meridian):
 * prune lists them by that label and deletes what the desired set no longer holds. A kind
 * whose CRD is not installed is skipped. The meshes' kinds come from their adapters
 * (lib/meshes/registry.ts); core ConfigMap is here for tests and for translators that ship
 * plain configuration.
 */
export const OWNED_KINDS: readonly KindRef[] = [
  ...MESH_OWNED_KINDS.map(({ apiVersion, kind }) => ({ apiVersion, kind })),
  { apiVersion: "v1", kind: "ConfigMap" },
];

/**
 * Kinds the agent creates (labelled as Meridian's) but never prunes. A Namespace, created when an
 * intent sets createNamespace, is one: deleting it would delete everything anyone put in it.
 */
export const CREATE_ONLY_KINDS: readonly KindRef[] = [{ apiVersion: "v1", kind: "Namespace" }];

/** Whether `ref` is a create-only kind (never pruned). */
export function isCreateOnlyKind(ref: KindRef): boolean {
  return CREATE_ONLY_KINDS.some((k) => groupKind(k) === groupKind(ref));
}
