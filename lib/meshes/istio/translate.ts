import type { AnalyzedService } from "../kit/analyzed-service";
import { failoverPriority, ISTIO_CLUSTER_LABEL } from "./failover";
import {
  crossNetwork,
  EASTWEST_PORT,
  EASTWEST_SELECTOR,
  globalVip,
  istioClusterId,
  istioVersion,
  warnDnsResolution,
} from "./network";
import { translateAmbient } from "./ambient";
import { workloadSelector } from "../kit/workload-selector";
import { authorizationPolicy, istioMeta } from "./policy";
import type { InventoryPort } from "../kit/fleet-input";
import { derivedName } from "../kit/names";
import { managedResource } from "../kit/resources";
import type { DestinationRule, ServiceEntry, VirtualService } from "./kinds";
import type { MeshTranslator, Sink, Target } from "../kit/mesh-adapter";

/** Namespace of Istio's control plane and east-west gateway. */
export const ISTIO_SYSTEM = "istio-system";
// Every generated object is visible mesh-wide, whatever the install's defaultServiceExportTo /
// defaultDestinationRuleExportTo say (https://istio.io/latest/docs/reference/config/istio.mesh.v1alpha1/).
const EXPORT_TO = ["*"];

/**
 * Istio. Services stay cluster-local by default (Meridian expects
 * `meshConfig.serviceSettings[].settings.clusterLocal` for `*.svc.cluster.local`, an install
 * setting); an import gets a ServiceEntry for the global host, with a stable VIP, that selects
 * the service's workloads in every cluster, and a DestinationRule for it. An exporter on another
 * network than one of its consumers gets the same ServiceEntry (its istiod must know the host the
 * client's SNI `outbound_.<port>_._.<host>` names) and an AUTO_PASSTHROUGH server on its east-west
 * gateway for that host (the upstream sample matches `*.local` only). Failover is
 * `localityLbSetting.failoverPriority` always paired with outlierDetection; weights are
 * VirtualService route weights over per-cluster subsets. `distribute` and `failover` are never
 * used, so the three never mix (Istio: "only one of distribute, failover or failoverPriority
 * can be set"). Access is an ALLOW AuthorizationPolicy in exporting clusters. Ambient clusters
 * are translated by istio-ambient.ts.
 */
export const istioTranslator: MeshTranslator = {
  translate(svc, target, out) {
    // Ambient clusters share services through ztunnel and scope configs, not ServiceEntries.
    if (target.cluster.dataplaneMode === "ambient") return translateAmbient(svc, target, out);
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
    const ports = carriedPorts(svc, target, out);
    const version = istioVersion(target.cluster.meshVersion ?? "");
    if (version && version[0] === 1 && version[1] < 22)
      out.warn(
        "mesh-cannot-express",
        `Istio ${target.cluster.meshVersion} in ${target.cluster.name} does not serve the networking.istio.io/v1 and security.istio.io/v1 APIs Meridian writes (Istio 1.22 added them): applying ${svc.key} there reports crd-missing until Istio is upgraded`,
      );
    if (target.exporter && svc.intent.access)
      out.resource(authorizationPolicy(svc, target, selector, out));
    if (target.exporter) exporterGateway(svc, target, selector, ports, out);
    if (target.importer && svc.consumers.includes(target.cluster))
      importResources(svc, target, selector, ports, out);
  },
};

// Istio protocol selection: appProtocol first, then the port-name prefix
// (https://istio.io/latest/docs/ops/configuration/traffic-management/protocol-selection/).
export function istioProtocol(p: Pick<InventoryPort, "name" | "appProtocol">): string {
  const proto = (p.appProtocol ?? p.name.split("-")[0] ?? "").toLowerCase();
  const known: Record<string, string> = {
    http: "HTTP",
    http2: "HTTP2",
    "kubernetes.io/h2c": "HTTP2",
    h2c: "HTTP2",
    "kubernetes.io/ws": "HTTP",
    grpc: "GRPC",
    "grpc-web": "GRPC",
    https: "HTTPS",
    "kubernetes.io/wss": "HTTPS",
    tls: "TLS",
    mongo: "MONGO",
    redis: "REDIS",
    mysql: "MYSQL",
  };
  return known[proto] ?? "TCP";
}
const isHttp = (p: InventoryPort) => ["HTTP", "HTTP2", "GRPC"].includes(istioProtocol(p));

// Istio does not proxy UDP (https://github.com/istio/istio/issues/1430); the importer, where the
// missing port is felt, is told.
function carriedPorts(svc: AnalyzedService, target: Target, out: Sink): InventoryPort[] {
  const ports = svc.primary?.ports ?? [];
  if (target.importer)
    for (const p of ports)
      if (p.protocol !== "TCP")
        out.warn(
          "mesh-cannot-express",
          `Istio cannot carry ${p.protocol} port ${p.port} of ${svc.key}`,
        );
  return ports.filter((p) => p.protocol === "TCP");
}

function serviceEntry(
  svc: AnalyzedService,
  selector: Record<string, string>,
  ports: InventoryPort[],
): ServiceEntry {
  return managedResource({
    ...istioMeta(svc, "ServiceEntry"),
    body: {
      spec: {
        hosts: [svc.hostname],
        addresses: [globalVip(svc.hostname)],
        exportTo: EXPORT_TO,
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
  });
}

function exporterGateway(
  svc: AnalyzedService,
  target: Target,
  selector: Record<string, string>,
  ports: InventoryPort[],
  out: Sink,
): void {
  const remote = svc.consumers.filter(
    (c) => c.mesh === "istio" && c.name !== target.cluster.name && crossNetwork(c, target.cluster),
  );
  if (!remote.length) return;
  out.resource(serviceEntry(svc, selector, ports));
  out.resource(
    managedResource({
      apiVersion: "networking.istio.io/v1",
      kind: "Gateway",
      namespace: ISTIO_SYSTEM,
      name: derivedName("eastwest", svc.intent.name, svc.intent.namespace),
      globalService: svc.key,
      body: {
        spec: {
          selector: { ...EASTWEST_SELECTOR },
          servers: [
            {
              port: { number: EASTWEST_PORT, name: "tls", protocol: "TLS" },
              tls: { mode: "AUTO_PASSTHROUGH" },
              hosts: [svc.hostname],
            },
          ],
        },
      },
    }),
  );
}

function importResources(
  svc: AnalyzedService,
  target: Target,
  selector: Record<string, string>,
  ports: InventoryPort[],
  out: Sink,
): void {
  out.resource(serviceEntry(svc, selector, ports));
  warnDnsResolution(target.cluster, svc.hostname, out);
  // workloadSelector cannot name clusters: same-named pods of non-exporting Istio clusters join
  // the global host too. An ExternalName Service selects no pods.
  const extra = svc.bystanders
    .filter(
      (c) =>
        c.mesh === "istio" &&
        c.services.some(
          (s) =>
            s.namespace === svc.intent.namespace &&
            s.name === svc.intent.name &&
            s.type !== "ExternalName",
        ),
    )
    .map((c) => c.name);
  if (extra.length)
    out.warn(
      "mesh-cannot-express",
      `Istio's workloadSelector for ${svc.hostname} also selects the pods of ${extra.join(", ")}, which do not export ${svc.key}`,
    );
  out.resource(destinationRule(svc, target, out));
  if (svc.intent.trafficWeights) out.resource(virtualService(svc, ports));
}

function destinationRule(svc: AnalyzedService, target: Target, out: Sink): DestinationRule {
  const spec: DestinationRule["spec"] = {
    host: svc.hostname,
    exportTo: EXPORT_TO,
    trafficPolicy: { tls: { mode: "ISTIO_MUTUAL" } },
  };
  const failover = svc.intent.failover;
  if (failover && svc.tiers.length) {
    const { labels, lost, assumedIds } = failoverPriority(svc.tiers);
    for (const l of lost) out.warn("mesh-cannot-express", `Istio failover for ${svc.key}: ${l}`);
    for (const name of assumedIds)
      out.warn(
        "mesh-config-required",
        `${name} did not report its Istio cluster id: failover of ${svc.key} assumes it is "${name}" (values.global.multiCluster.clusterName); if not, that tier is never preferred`,
      );
    const version = istioVersion(target.cluster.meshVersion ?? "");
    if (version && (version[0] < 1 || (version[0] === 1 && version[1] < 18)) && labels.length)
      out.warn(
        "mesh-cannot-express",
        `Istio ${target.cluster.meshVersion} in ${target.cluster.name} ignores the value of failoverPriority label=value entries (added in Istio 1.18): failover of ${svc.key} follows the client's own labels instead of the tiers`,
      );
    if (failover.tiers.some((t) => t.clusters.some((c) => c.weight !== undefined)))
      out.warn(
        "mesh-cannot-express",
        `Istio cannot weight clusters within a failover tier of ${svc.key} (failoverPriority cannot be combined with distribute)`,
      );
    spec.trafficPolicy = {
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
  if (svc.intent.trafficWeights) {
    const byName = new Map(svc.exporters.map((e) => [e.cluster.name, e.cluster]));
    spec.subsets = Object.keys(svc.intent.trafficWeights)
      .sort()
      .map((cluster) => {
        const c = byName.get(cluster);
        return {
          name: cluster,
          labels: { [ISTIO_CLUSTER_LABEL]: c ? istioClusterId(c) : cluster },
        };
      });
  }
  return managedResource({ ...istioMeta(svc, "DestinationRule"), body: { spec } });
}

// One port: one route. Several: one route per port, matched on it and sent to it, so an HTTP
// port's weights sit on an http route and a TCP port's on a tcp route (an http route never
// matches TCP traffic, and the reverse).
function virtualService(svc: AnalyzedService, ports: InventoryPort[]): VirtualService {
  const weights = Object.entries(svc.intent.trafficWeights ?? {})
    .filter(([, w]) => w > 0)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const route = (port?: number) =>
    weights.map(([cluster, weight]) => ({
      destination: {
        host: svc.hostname,
        subset: cluster,
        ...(port ? { port: { number: port } } : {}),
      },
      weight,
    }));
  const spec: VirtualService["spec"] = { hosts: [svc.hostname], exportTo: EXPORT_TO };
  if (ports.length <= 1) {
    spec[ports.some(isHttp) ? "http" : "tcp"] = [{ route: route() }];
  } else {
    const entries = (http: boolean) =>
      ports
        .filter((p) => isHttp(p) === http)
        .map((p) => ({ match: [{ port: p.port }], route: route(p.port) }));
    if (entries(true).length) spec.http = entries(true);
    if (entries(false).length) spec.tcp = entries(false);
  }
  return managedResource({ ...istioMeta(svc, "VirtualService"), body: { spec } });
}
