import type { DesiredResource } from "../agent-protocol/messages";
import { isHttpPort, type AnalyzedService } from "./analysis";
import { failoverPriority, ISTIO_CLUSTER_LABEL } from "./istio-failover";
import type { InventoryPort, InventoryService } from "./model";
import { derivedName } from "./names";
import { managedResource } from "./resources";
import type { MeshTranslator, Sink, Target } from "./translator";

const NETWORKING = "networking.istio.io/v1";
const SECURITY = "security.istio.io/v1";

/**
 * Istio. Services stay cluster-local by default (Meridian expects
 * `meshConfig.serviceSettings[].settings.clusterLocal` for `*.svc.cluster.local`, an install
 * setting); an import gets a ServiceEntry for the global host that selects the service's
 * workloads in every cluster, and a DestinationRule for it. Failover is
 * `localityLbSetting.failoverPriority` always paired with outlierDetection; weights are
 * VirtualService route weights over per-cluster subsets. `distribute` and `failover` are never
 * used, so the three never mix (Istio: "only one of distribute, failover or failoverPriority
 * can be set"). Access is an ALLOW AuthorizationPolicy in exporting clusters.
 */
export const istioTranslator: MeshTranslator = {
  mesh: "istio",
  translate(svc, target, out) {
    const service = target.exporter?.service ?? svc.primary;
    if (!service) return;
    const selector = workloadSelector(service);
    if (!selector) {
      out.warn(
        "no-workload-selector",
        `no pod selector or app label known for ${svc.key}: Istio resources skipped`,
      );
      return;
    }
    if (target.exporter && svc.intent.access)
      out.resource(authorizationPolicy(svc, target, selector, out));
    if (target.importer && svc.consumers.includes(target.cluster))
      importResources(svc, selector, out);
  },
};

function workloadSelector(s: InventoryService): Record<string, string> | undefined {
  if (s.selector && Object.keys(s.selector).length) return s.selector;
  const app = s.labels["app"];
  return app ? { app } : undefined;
}

function meta(svc: AnalyzedService, kind: string, apiVersion = NETWORKING) {
  return {
    apiVersion,
    kind,
    namespace: svc.intent.namespace,
    name: derivedName(svc.intent.name, svc.intent.namespace),
    globalService: svc.key,
  };
}

// Istio protocol selection: appProtocol first, then the port-name prefix
// (https://istio.io/latest/docs/ops/configuration/traffic-management/protocol-selection/).
function istioProtocol(p: InventoryPort): string {
  const proto = (p.appProtocol ?? p.name.split("-")[0] ?? "").toLowerCase();
  const known: Record<string, string> = {
    http: "HTTP",
    http2: "HTTP2",
    grpc: "GRPC",
    https: "HTTPS",
    tls: "TLS",
    mongo: "MONGO",
    redis: "REDIS",
    mysql: "MYSQL",
  };
  return known[proto] ?? "TCP";
}

function importResources(svc: AnalyzedService, selector: Record<string, string>, out: Sink): void {
  const ports = (svc.primary?.ports ?? []).filter((p) => {
    // Istio does not proxy UDP (https://github.com/istio/istio/issues/1430).
    if (p.protocol !== "TCP")
      out.warn(
        "mesh-cannot-express",
        `Istio cannot carry ${p.protocol} port ${p.port} of ${svc.key}`,
      );
    return p.protocol === "TCP";
  });
  out.resource(
    managedResource({
      ...meta(svc, "ServiceEntry"),
      body: {
        spec: {
          hosts: [svc.hostname],
          location: "MESH_INTERNAL",
          resolution: "STATIC",
          ports: ports.map((p) => ({
            number: p.port,
            name: p.name || `tcp-${p.port}`,
            protocol: istioProtocol(p),
          })),
          // workloadSelector picks the service's pods in every cluster of the mesh; each
          // endpoint keeps its topology.istio.io/cluster label for failover and subsets.
          workloadSelector: { labels: selector },
        },
      },
    }),
  );
  // workloadSelector cannot name clusters: same-named pods of non-exporting Istio clusters
  // join the global host too.
  const extra = svc.bystanders.filter((c) => c.mesh === "istio").map((c) => c.name);
  if (extra.length)
    out.warn(
      "mesh-cannot-express",
      `Istio's workloadSelector for ${svc.hostname} also selects the pods of ${extra.join(", ")}, which do not export ${svc.key}`,
    );
  out.resource(destinationRule(svc, out));
  if (svc.intent.trafficWeights) out.resource(virtualService(svc, ports));
}

function destinationRule(svc: AnalyzedService, out: Sink): DesiredResource {
  const spec: Record<string, unknown> = {
    host: svc.hostname,
    trafficPolicy: { tls: { mode: "ISTIO_MUTUAL" } },
  };
  const failover = svc.intent.failover;
  if (failover && svc.tiers.length) {
    const { labels, lost } = failoverPriority(svc.tiers);
    for (const l of lost) out.warn("mesh-cannot-express", `Istio failover for ${svc.key}: ${l}`);
    if (svc.intent.failover?.tiers.some((t) => t.clusters.some((c) => c.weight !== undefined)))
      out.warn(
        "mesh-cannot-express",
        `Istio cannot weight clusters within a failover tier of ${svc.key} (failoverPriority cannot be combined with distribute)`,
      );
    spec["trafficPolicy"] = {
      tls: { mode: "ISTIO_MUTUAL" },
      loadBalancer: {
        localityLbSetting: {
          enabled: true,
          ...(labels.length ? { failoverPriority: labels } : {}),
        },
      },
      // Istio ignores failover without outlierDetection: proxies need it to eject unhealthy
      // endpoints (https://istio.io/latest/docs/tasks/traffic-management/locality-load-balancing/failover/).
      outlierDetection: { ...failover.outlierDetection },
    };
  }
  if (svc.intent.trafficWeights)
    spec["subsets"] = Object.keys(svc.intent.trafficWeights)
      .sort()
      .map((cluster) => ({ name: cluster, labels: { [ISTIO_CLUSTER_LABEL]: cluster } }));
  return managedResource({ ...meta(svc, "DestinationRule"), body: { spec } });
}

function virtualService(svc: AnalyzedService, ports: InventoryPort[]): DesiredResource {
  const route = Object.entries(svc.intent.trafficWeights ?? {})
    .filter(([, w]) => w > 0)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([cluster, weight]) => ({ destination: { host: svc.hostname, subset: cluster }, weight }));
  const http = ports.some(isHttpPort);
  return managedResource({
    ...meta(svc, "VirtualService"),
    body: {
      spec: { hosts: [svc.hostname], ...(http ? { http: [{ route }] } : { tcp: [{ route }] }) },
    },
  });
}

// Istio identifies callers by SPIFFE principal `<trust-domain>/ns/<ns>/sa/<sa>`, which does not
// name a cluster: the allow-list is enforced per trust domain.
function authorizationPolicy(
  svc: AnalyzedService,
  target: Target,
  selector: Record<string, string>,
  out: Sink,
): DesiredResource {
  const domainOf = (td: string) => td || "cluster.local";
  const own = domainOf(target.cluster.trustDomain);
  const allowed = svc.consumers.map((c) => domainOf(c.trustDomain));
  const domains = [...new Set([own, ...allowed])].sort();
  const excluded = svc.importers.filter(
    (c) => !svc.consumers.includes(c) && domains.includes(domainOf(c.trustDomain)),
  );
  if (excluded.length)
    out.warn(
      "mesh-cannot-express",
      `Istio cannot deny ${excluded.map((c) => c.name).join(", ")} access to ${svc.key}: they share an allowed trust domain`,
    );
  return managedResource({
    ...meta(svc, "AuthorizationPolicy", SECURITY),
    body: {
      spec: {
        selector: { matchLabels: selector },
        action: "ALLOW",
        rules: [{ from: [{ source: { principals: domains.map((d) => `${d}/*`) } }] }],
      },
    },
  });
}
