// The kinds Meridian writes into clusters, and how the agent may touch each.

/** A kind, by the apiVersion used to list it. */
export interface KindRef {
  apiVersion: string;
  kind: string;
}

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
  { apiVersion: "security.istio.io/v1", kind: "AuthorizationPolicy" },
  { apiVersion: "consul.hashicorp.com/v1alpha1", kind: "ExportedServices" },
  { apiVersion: "consul.hashicorp.com/v1alpha1", kind: "ServiceResolver" },
  { apiVersion: "consul.hashicorp.com/v1alpha1", kind: "ServiceIntentions" },
  { apiVersion: "v1", kind: "ConfigMap" },
];

/**
 * Kinds Meridian only decorates: it server-side-applies a partial object (Linkerd's
 * `mirror.linkerd.io/exported` label, Cilium's `service.cilium.io/global|shared`
 * annotations) onto objects someone else owns. They are NEVER created or deleted by the
 * agent: a partial object no longer desired is "released" by applying it empty, which
 * drops exactly the fields our field manager owned (server-side apply semantics).
 * https://kubernetes.io/docs/reference/using-api/server-side-apply/#field-management
 */
export const SHARED_KINDS: readonly KindRef[] = [
  { apiVersion: "v1", kind: "Service" },
  // Meridian only sets selector fields on the Link that `linkerd multicluster link` made; it
  // has no gateway address or credentials to build one (lib/meshes/linkerd.ts).
  { apiVersion: "multicluster.linkerd.io/v1alpha2", kind: "Link" },
];

/**
 * Kinds the agent creates (labelled as Meridian's) but never prunes. A Namespace, created when an
 * intent sets createNamespace, is one: deleting it would delete everything anyone put in it.
 */
export const CREATE_ONLY_KINDS: readonly KindRef[] = [{ apiVersion: "v1", kind: "Namespace" }];

/** The API group of an apiVersion ("" for the core group). */
export function groupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf("/");
  return slash < 0 ? "" : apiVersion.slice(0, slash);
}

/** group/kind, the identity of a kind across its served versions. */
export function groupKind(ref: KindRef): string {
  return `${groupOf(ref.apiVersion)}/${ref.kind}`;
}

/** Whether `ref` is a create-only kind (never pruned). */
export function isCreateOnlyKind(ref: KindRef): boolean {
  return CREATE_ONLY_KINDS.some((k) => groupKind(k) === groupKind(ref));
}

/** Whether `ref` is a shared (decorate-only) kind. */
export function isSharedKind(ref: KindRef): boolean {
  return SHARED_KINDS.some((k) => groupKind(k) === groupKind(ref));
}
