// The object the agent server-side-applies for a desired resource, and the kinds it only
// decorates. Shared by the agent's writer and the GitOps export, so a tree applied by Argo CD or
// Flux holds exactly what the agent would apply.
import { MANAGED_BY_LABEL, MANAGED_BY_VALUE, type DesiredResource } from "./messages";

/** A kind, by the apiVersion used to list it. */
export interface KindRef {
  apiVersion: string;
  kind: string;
}

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
  // has no gateway address or credentials to build one (lib/meshes/linkerd/translate.ts).
  { apiVersion: "multicluster.linkerd.io/v1alpha2", kind: "Link" },
];

/** The API group of an apiVersion ("" for the core group). */
export function groupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf("/");
  return slash < 0 ? "" : apiVersion.slice(0, slash);
}

/** group/kind, the identity of a kind across its served versions. */
export function groupKind(ref: KindRef): string {
  return `${groupOf(ref.apiVersion)}/${ref.kind}`;
}

/** Whether `ref` is a shared (decorate-only) kind. */
export function isSharedKind(ref: KindRef): boolean {
  return SHARED_KINDS.some((k) => groupKind(k) === groupKind(ref));
}

/**
 * The body applied for `desired`: owned objects carry the label prune finds them by. Shared
 * objects (someone else's Service) must not get it: Helm and others set
 * app.kubernetes.io/managed-by themselves, and taking it over would be a conflict or, worse, a lie.
 */
export function appliedObject(desired: DesiredResource): DesiredResource {
  const body = structuredClone(desired);
  if (isSharedKind(desired)) return body;
  return {
    ...body,
    metadata: {
      ...body.metadata,
      labels: { ...body.metadata.labels, [MANAGED_BY_LABEL]: MANAGED_BY_VALUE },
    },
  };
}
