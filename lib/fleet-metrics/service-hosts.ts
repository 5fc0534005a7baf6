// The service a request's host names, as the proxies report it: Istio's destination service
// name, Linkerd's authority. A short name (`reviews`) or the local DNS name
// (`reviews.bookinfo.svc.cluster.local`) is the cluster's own Service; any other
// `<name>.<namespace>.<suffix>` is a global hostname — the `global` style
// (`reviews.bookinfo.global`), the MCS clusterset style (`…svc.clusterset.local`) or an
// admin's own suffix — and belongs to the global service `<namespace>/<name>`.

const LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const LOCAL_SUFFIXES = new Set(["", "svc", "svc.cluster.local"]);

/** The service a host names; `namespace` is absent for a short name. Null when it is no DNS name. */
export function hostService(
  host: string,
): { name: string; namespace?: string; global: boolean } | null {
  const labels = host.replace(/:[0-9]+$/, "").split(".");
  const [name, namespace, ...rest] = labels;
  if (!name || !LABEL.test(name)) return null;
  if (namespace === undefined) return { name, global: false };
  if (!LABEL.test(namespace)) return null;
  return { name, namespace, global: !LOCAL_SUFFIXES.has(rest.join(".")) };
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * A PromQL regex (RE2, anchored by Prometheus) matching every host that names the service:
 * its short name, and `<name>.<namespace>.` followed by any suffix, with an optional port.
 * `short` false leaves the short name out (Linkerd's authority is always qualified).
 */
export function serviceHostRegex(name: string, namespace: string, short = true): string {
  const qualified = `${escapeRegex(name)}\\.${escapeRegex(namespace)}\\..+`;
  return short ? `${escapeRegex(name)}|${qualified}` : `${qualified}`;
}
