import type { ReportedService } from "@/lib/agent-protocol/snapshot";
import { canonicalJson } from "@/lib/agent-protocol/canonical-json";
import { totalEndpoints } from "@/lib/domain/endpoints";

/** A service row as stored, in the fields a report can change. */
export type StoredService = {
  id: string;
  namespace: string;
  name: string;
  type: string;
  ports: unknown;
  labels: unknown;
  endpointsByZone: unknown;
  /** A site's workloads; null for a Kubernetes Service. */
  workloads?: unknown;
};

/** The columns written for a reported service. */
export function serviceColumns(s: ReportedService) {
  const { ready, total } = totalEndpoints(s.endpointsByZone);
  return {
    type: s.type,
    ports: s.ports,
    labels: s.labels,
    endpointsByZone: s.endpointsByZone,
    endpointsReady: ready,
    endpointsTotal: total,
    ...(s.workloads ? { workloads: s.workloads } : {}),
  };
}

const key = (s: { namespace: string; name: string }) => `${s.namespace}/${s.name}`;

function changed(stored: StoredService, reported: ReportedService): boolean {
  return (
    stored.type !== reported.type ||
    canonicalJson(stored.ports) !== canonicalJson(reported.ports) ||
    canonicalJson(stored.labels) !== canonicalJson(reported.labels) ||
    canonicalJson(stored.endpointsByZone) !== canonicalJson(reported.endpointsByZone) ||
    canonicalJson(stored.workloads ?? null) !== canonicalJson(reported.workloads ?? null)
  );
}

/**
 * What a full snapshot changes in one cluster's stored services: which to create, which to
 * update (only those whose reported fields differ) and which to delete.
 */
export function diffServices(stored: StoredService[], reported: ReportedService[]) {
  const byKey = new Map(stored.map((s) => [key(s), s]));
  const create: ReportedService[] = [];
  const update: { id: string; service: ReportedService }[] = [];
  for (const r of reported) {
    const s = byKey.get(key(r));
    if (!s) create.push(r);
    else {
      byKey.delete(key(r));
      if (changed(s, r)) update.push({ id: s.id, service: r });
    }
  }
  return { create, update, remove: [...byKey.values()].map((s) => s.id) };
}
