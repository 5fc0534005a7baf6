/** Suffix styles for a global service's hostname. */
export type GlobalHostStyle = "global" | "clusterset";

/** The DNS suffix of a hostname style, with its leading dot. */
export const hostSuffix = (style: GlobalHostStyle) =>
  style === "clusterset" ? ".svc.clusterset.local" : ".global";

/**
 * The one global name of a service that runs in several clusters:
 * `<name>.<namespace>.global` (Istio's classic multicluster DNS) or
 * `<name>.<namespace>.svc.clusterset.local` (Kubernetes MCS API).
 */
export function globalHostname(
  namespace: string,
  name: string,
  style: GlobalHostStyle = "global",
): string {
  return `${name}.${namespace}${hostSuffix(style)}`;
}
