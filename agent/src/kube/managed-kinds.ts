// The kinds Meridian writes into clusters, and how the agent may touch each. The shared
// (decorate-only) kinds live in lib/agent-protocol/applied-object.ts: the GitOps export uses them too.
import { groupKind, type KindRef } from "../../../lib/agent-protocol/applied-object";

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
 * whose CRD is not installed is skipped. Core ConfigMap is here for tests and for
 * translators that ship plain configuration.
 */
export const OWNED_KINDS: readonly KindRef[] = [
  { apiVersion: "multicluster.x-k8s.io/v1alpha1", kind: "ServiceExport" },
  { apiVersion: "networking.istio.io/v1", kind: "DestinationRule" },
  { apiVersion: "networking.istio.io/v1", kind: "Gateway" },
  { apiVersion: "networking.istio.io/v1", kind: "ServiceEntry" },
  { apiVersion: "networking.istio.io/v1", kind: "VirtualService" },
  // A VM site's hosts, in its host cluster and its consumers (lib/meshes/sites.ts).
  { apiVersion: "networking.istio.io/v1", kind: "WorkloadEntry" },
  { apiVersion: "networking.istio.io/v1", kind: "WorkloadGroup" },
  { apiVersion: "workload.linkerd.io/v1beta1", kind: "ExternalWorkload" },
  { apiVersion: "security.istio.io/v1", kind: "AuthorizationPolicy" },
  { apiVersion: "consul.hashicorp.com/v1alpha1", kind: "ExportedServices" },
  { apiVersion: "consul.hashicorp.com/v1alpha1", kind: "ServiceResolver" },
  { apiVersion: "consul.hashicorp.com/v1alpha1", kind: "ServiceIntentions" },
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
