import { primaryMeshType } from "@/lib/agent-protocol/primary-mesh";
import type { ClusterSummary, GlobalServiceDto } from "@/lib/model/inventory";
import { hasErrors } from "@/lib/domain/traffic-health";
import {
  type CallEdge,
  type ClusterNode,
  type Graph,
  type GraphEdge,
  type GraphNode,
  type NamespaceNode,
  type RegionNode,
  type ServiceNode,
  clusterId,
  edgeId,
  globalServiceId,
  mergeCalls,
  namespaceId,
  regionId,
  serviceId,
  sortGraph,
} from "./model";

/** A service named by cluster, namespace and name. */
export type ServiceRef = { cluster: string; namespace: string; name: string };

/** Observed traffic between two service instances. */
export type CallSample = {
  source: ServiceRef;
  destination: ServiceRef;
  requestRate: number;
  errorRate: number;
  p95Ms: number;
  /** The caller named a global hostname (an import), not the local Service. */
  globalHost?: boolean;
};

/** Input of `buildGraph`. */
export type BuildGraphInput = {
  clusters: ClusterSummary[];
  globalServices: GlobalServiceDto[];
  calls: CallSample[];
  /** Put service nodes inside namespace nodes (default false: directly in the cluster). */
  groupByNamespace?: boolean;
  /** Open alert counts by node id (e.g. `svc:east-1/bookinfo/reviews`, `cluster:east-1`). */
  alerts?: Record<string, number>;
};

const sum = (ns: GraphNode[], f: (n: GraphNode) => number) => ns.reduce((s, n) => s + f(n), 0);

/**
 * Builds the graph: regions ⊃ clusters ⊃ (namespaces ⊃) service instances, global services
 * linked to their instances by member edges, and call edges between instances. Calls naming
 * unknown services are dropped and counted; output order is deterministic.
 */
export function buildGraph(input: BuildGraphInput): Graph {
  const alerts = input.alerts ?? {};
  const alertsOf = (id: string) => alerts[id] ?? 0;
  const nodes = new Map<string, GraphNode>();
  const children = new Map<string, GraphNode[]>();
  const add = (n: GraphNode) => {
    nodes.set(n.id, n);
    if (n.parent) children.set(n.parent, [...(children.get(n.parent) ?? []), n]);
  };
  const clusters = new Map(input.clusters.map((c) => [c.name, c]));

  for (const c of input.clusters) {
    const id = clusterId(c.name);
    if (!nodes.has(regionId(c.region))) {
      const region: RegionNode = {
        kind: "region",
        id: regionId(c.region),
        label: c.region,
        mesh: "none",
        exported: false,
        imported: false,
        health: { ready: 0, total: 0, stale: false, alerts: alertsOf(regionId(c.region)) },
        errors: false,
        region: c.region,
      };
      add(region);
    }
    const cluster: ClusterNode = {
      kind: "cluster",
      id,
      label: c.displayName || c.name,
      parent: regionId(c.region),
      clusterKind: c.kind,
      collapsed: false,
      mesh: primaryMeshType(c.meshes),
      exported: false,
      imported: false,
      health: { ...c.endpoints, stale: c.stale, alerts: alertsOf(id) },
      errors: false,
      region: c.region,
      cluster: c.name,
    };
    add(cluster);
  }

  const edges: GraphEdge[] = [];
  let droppedMembers = 0;
  for (const gs of input.globalServices) {
    const gsId = globalServiceId(gs.namespace, gs.name);
    add({
      kind: "global-service",
      id: gsId,
      label: gs.name,
      name: gs.name,
      hostname: gs.hostname,
      clusterCount: gs.clusters.length,
      mesh: primaryMeshType(gs.clusters[0]?.meshes ?? []),
      exported: gs.clusters.some((m) => m.exported),
      imported: gs.clusters.some((m) => m.imported),
      health: {
        ...gs.endpoints,
        stale: gs.clusters.some((m) => m.stale),
        alerts: alertsOf(gsId),
      },
      errors: false,
      namespace: gs.namespace,
    });
    for (const m of gs.clusters) {
      const c = clusters.get(m.cluster);
      if (!c) {
        droppedMembers++;
        continue;
      }
      let parent = clusterId(c.name);
      if (input.groupByNamespace) {
        parent = namespaceId(c.name, gs.namespace);
        if (!nodes.has(parent)) {
          const ns: NamespaceNode = {
            kind: "namespace",
            id: parent,
            label: gs.namespace,
            parent: clusterId(c.name),
            collapsed: false,
            mesh: primaryMeshType(c.meshes),
            exported: false,
            imported: false,
            health: { ready: 0, total: 0, stale: c.stale, alerts: alertsOf(parent) },
            errors: false,
            region: c.region,
            cluster: c.name,
            namespace: gs.namespace,
          };
          add(ns);
        }
      }
      const id = serviceId(c.name, gs.namespace, gs.name);
      const svc: ServiceNode = {
        kind: "service",
        id,
        label: gs.name,
        parent,
        name: gs.name,
        mesh: primaryMeshType(m.meshes),
        exported: m.exported,
        imported: m.imported,
        health: { ...m.endpoints, stale: m.stale, alerts: alertsOf(id) },
        errors: alertsOf(id) > 0,
        region: c.region,
        cluster: c.name,
        namespace: gs.namespace,
      };
      add(svc);
      edges.push({ kind: "member", id: edgeId("member", id, gsId), source: id, target: gsId });
    }
  }

  let dropped = 0;
  const calls: CallEdge[] = [];
  // Every request a service served, whoever called it (the service page's series).
  const inbound = new Map<string, { rps: number; errors: number }>();
  const importers = new Map(
    input.globalServices.map((gs) => [
      globalServiceId(gs.namespace, gs.name),
      new Set(gs.importers ?? gs.clusters.filter((m) => m.imported).map((m) => m.cluster)),
    ]),
  );
  for (const s of input.calls) {
    const source = nodes.get(serviceId(s.source.cluster, s.source.namespace, s.source.name));
    const target = nodes.get(
      serviceId(s.destination.cluster, s.destination.namespace, s.destination.name),
    );
    if (target?.kind === "service") {
      const t = inbound.get(target.id) ?? { rps: 0, errors: 0 };
      t.rps += s.requestRate;
      t.errors += s.requestRate * s.errorRate;
      inbound.set(target.id, t);
    }
    if (source?.kind !== "service" || target?.kind !== "service") {
      dropped++;
      continue;
    }
    const crossCluster = s.source.cluster !== s.destination.cluster;
    // Observed versus intended: a call across clusters is managed when the caller's cluster
    // imports the global service and the serving cluster exports it.
    const gsId = globalServiceId(s.destination.namespace, s.destination.name);
    const managed =
      !crossCluster || (target.exported && (importers.get(gsId)?.has(s.source.cluster) ?? false));
    calls.push({
      kind: "call",
      id: edgeId("call", source.id, target.id),
      source: source.id,
      target: target.id,
      requestRate: s.requestRate,
      errorRate: s.errorRate,
      p95Ms: s.p95Ms,
      crossCluster,
      ...(managed ? {} : { unmanaged: true }),
    });
  }
  // A service has errors when its own answers fail, never because something it calls does.
  for (const [id, t] of inbound) {
    const n = nodes.get(id)!;
    n.inbound = { requestRate: t.rps, errorRate: t.rps > 0 ? t.errors / t.rps : 0 };
    if (hasErrors(n.inbound.errorRate)) n.errors = true;
  }
  for (const gs of nodes.values()) {
    if (gs.kind !== "global-service") continue;
    const members = edges.filter((e) => e.kind === "member" && e.target === gs.id);
    const parts = members.flatMap((e) => nodes.get(e.source)?.inbound ?? []);
    if (!parts.length) continue;
    const rps = parts.reduce((sum, p) => sum + p.requestRate, 0);
    const errors = parts.reduce((sum, p) => sum + p.requestRate * p.errorRate, 0);
    gs.inbound = { requestRate: rps, errorRate: rps > 0 ? errors / rps : 0 };
  }
  edges.push(...mergeCalls(calls));

  // Roll service state up: global services from members, compounds from children.
  for (const e of edges) {
    const gs = e.kind === "member" ? nodes.get(e.target) : undefined;
    if (gs && nodes.get(e.source)?.errors) gs.errors = true;
  }
  for (const n of nodes.values())
    if (n.kind === "global-service" && n.health.alerts) n.errors = true;
  for (const kind of ["namespace", "cluster", "region"] as const) {
    for (const n of nodes.values()) {
      if (n.kind !== kind) continue;
      const kids = children.get(n.id) ?? [];
      n.errors = n.health.alerts > 0 || kids.some((k) => k.errors);
      n.exported = kids.some((k) => k.exported);
      n.imported = kids.some((k) => k.imported);
      if (kind !== "cluster") {
        n.health.ready = sum(kids, (k) => k.health.ready);
        n.health.total = sum(kids, (k) => k.health.total);
        n.health.stale = n.health.stale || kids.some((k) => k.health.stale);
      }
    }
  }

  return sortGraph({ nodes: [...nodes.values()], edges, dropped, droppedMembers });
}
