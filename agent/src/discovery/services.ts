// Pure merging of trimmed Services and EndpointSlices into the services the agent reports.
import type { ReportedService } from "../../../lib/agent-protocol/snapshot";
import type { TrimmedEndpoint, TrimmedEndpointSlice, TrimmedService } from "./types";

/**
 * Services never reported, as namespace/name. `default/kubernetes` is the API server's
 * own Service: every cluster has one, and it is not something to export or fail over.
 */
export const EXCLUDED_SERVICES: readonly string[] = ["default/kubernetes"];

/**
 * Whether an endpoint counts as ready. The EndpointSlice API says a nil `ready` must be
 * read as true ("unknown state ... should be interpreted as ready"). The EndpointSlice
 * controller already sets ready=false on a terminating pod, but other writers may not,
 * so a terminating endpoint is never ready here. `serving` is deliberately ignored: a
 * serving-but-terminating endpoint is draining, and kube-proxy only falls back to such
 * endpoints when no ready ones exist (KEP-1669).
 * https://kubernetes.io/docs/concepts/services-networking/endpoint-slices/#conditions
 */
export function isEndpointReady(e: Pick<TrimmedEndpoint, "ready" | "terminating">): boolean {
  return e.ready !== false && e.terminating !== true;
}

/**
 * Counts ready and total endpoints per zone ("" when the endpoint has no zone) over all
 * the slices of one service. Total counts every endpoint, terminating ones included. An
 * endpoint listed in several slices (dual-stack IPv4 + IPv6 slices, or a pod moving
 * between slices) counts once, ready when it is ready in any of them.
 */
export function countEndpointsByZone(
  slices: Iterable<TrimmedEndpointSlice>,
): Record<string, { ready: number; total: number }> {
  const byTarget = new Map<string, { zone: string; ready: boolean }>();
  for (const slice of slices) {
    for (const e of slice.endpoints) {
      const seen = byTarget.get(e.target);
      const ready = isEndpointReady(e);
      if (!seen) byTarget.set(e.target, { zone: e.zone, ready });
      else if (ready) seen.ready = true;
    }
  }
  const out: Record<string, { ready: number; total: number }> = {};
  for (const { zone, ready } of byTarget.values()) {
    const c = (out[zone] ??= { ready: 0, total: 0 });
    c.total += 1;
    if (ready) c.ready += 1;
  }
  return out;
}

/** The reported type: "Headless" for a ClusterIP Service with clusterIP None. */
export function reportedType(
  svc: Pick<TrimmedService, "type" | "clusterIP">,
): ReportedService["type"] {
  switch (svc.type) {
    case "NodePort":
    case "LoadBalancer":
    case "ExternalName":
      return svc.type;
    default:
      return svc.clusterIP === "None" ? "Headless" : "ClusterIP";
  }
}

/**
 * Builds the reported services: every Service except `excluded`, with the endpoint counts
 * of the slices labelled with its name in its namespace. Sorted by namespace/name so equal
 * inventories give equal snapshots.
 */
export function buildReportedServices(
  services: Iterable<TrimmedService>,
  slices: Iterable<TrimmedEndpointSlice>,
  excluded: readonly string[] = EXCLUDED_SERVICES,
): ReportedService[] {
  const skip = new Set(excluded);
  const slicesByService = new Map<string, TrimmedEndpointSlice[]>();
  for (const s of slices) {
    if (!s.serviceName) continue;
    const key = `${s.namespace}/${s.serviceName}`;
    const list = slicesByService.get(key);
    if (list) list.push(s);
    else slicesByService.set(key, [s]);
  }
  const out: ReportedService[] = [];
  for (const svc of services) {
    const key = `${svc.namespace}/${svc.name}`;
    if (skip.has(key)) continue;
    out.push({
      namespace: svc.namespace,
      name: svc.name,
      type: reportedType(svc),
      ports: svc.ports.map((p) => ({ ...p })),
      labels: { ...svc.labels },
      endpointsByZone: countEndpointsByZone(slicesByService.get(key) ?? []),
    });
  }
  return out.sort((a, b) =>
    a.namespace === b.namespace
      ? a.name.localeCompare(b.name)
      : a.namespace.localeCompare(b.namespace),
  );
}
