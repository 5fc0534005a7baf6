import type { DesiredResource } from "../../agent-protocol/messages";
import { isHttpPort, type AnalyzedService } from "../kit/analyzed-service";
import { MCS_GROUP } from "../mcs/translate";
import type { InventoryCluster } from "../kit/fleet-input";
import { derivedName } from "../kit/names";
import { managedResource } from "../kit/resources";
import type { Sink, Target } from "../kit/mesh-adapter";
import { otherExporters } from "../kit/translate-helpers";

/** The Gateway API group (sigs.k8s.io/gateway-api). */
export const GATEWAY_GROUP = "gateway.networking.k8s.io";
const HTTPROUTE_VERSION = `${GATEWAY_GROUP}/v1`;

/**
 * True when a cluster can take a GAMMA split to a ServiceImport: its agent reported that it
 * serves HTTPRoute's `gateway.networking.k8s.io/v1` (Gateway API v1.0+, standard channel) and
 * the MCS API (the ServiceImport the route names).
 */
export function servesGammaSplit(cluster: InventoryCluster): boolean {
  const apis = cluster.servedApis;
  return Boolean(apis?.[GATEWAY_GROUP]?.includes("v1") && apis[MCS_GROUP]?.length);
}

/**
 * Weighted cross-cluster traffic as GAMMA HTTPRoutes (GEP-1748,
 * https://gateway-api.sigs.k8s.io/geps/gep-1748/): in a cluster that both exports and imports
 * the service, one route per HTTP port attaches to the local Service (a Service parentRef, GEP-1426
 * mesh binding) and splits between that Service (this cluster's endpoints) and the clusterset's
 * ServiceImport (every exporter's). Returns false, emitting nothing, where a split cannot say the
 * intent: a consumer that does not export (all its traffic goes to the ServiceImport, whose
 * exporters GAMMA cannot weigh one by one), no HTTP port, or a cluster that does not serve the APIs;
 * the caller then keeps its own output and warning.
 */
export function gammaSplit(svc: AnalyzedService, target: Target, out: Sink): boolean {
  const weights = svc.intent.trafficWeights;
  const self = target.cluster.name;
  const ports = svc.primary?.ports ?? [];
  const http = ports.filter((p) => p.protocol === "TCP" && isHttpPort(p));
  if (!weights || !target.exporter || !target.importer || !servesGammaSplit(target.cluster))
    return false;
  if (!http.length) return false;
  const local = weights[self] ?? 0;
  const others = otherExporters(svc, self).map((e) => e.cluster.name);
  for (const p of http) out.resource(httpRoute(svc, p.port, local));
  const rest = ports.filter((p) => !http.includes(p)).map((p) => `${p.port}/${p.protocol}`);
  if (rest.length)
    out.warn(
      "mesh-cannot-express",
      `Gateway API HTTPRoutes split only the HTTP ports of ${svc.key} in ${self}: ${rest.join(", ")} ${rest.length === 1 ? "is" : "are"} balanced without weights`,
    );
  out.warn(
    "mesh-cannot-express",
    `${target.meshName} splits ${svc.key} in ${self} ${local}% to its own Service and ${100 - local}% to the clusterset's ServiceImport, which balances over every exporter, ${self} included: ${others.join(", ")} ${others.length === 1 ? "gets" : "get"} less than the intent's weights`,
  );
  return true;
}

function httpRoute(svc: AnalyzedService, port: number, local: number): DesiredResource {
  const name = svc.intent.name;
  return managedResource({
    apiVersion: HTTPROUTE_VERSION,
    kind: "HTTPRoute",
    namespace: svc.intent.namespace,
    name: derivedName("split", name, String(port)),
    globalService: svc.key,
    body: {
      spec: {
        parentRefs: [{ group: "", kind: "Service", name, port }],
        rules: [
          {
            backendRefs: [
              { group: "", kind: "Service", name, port, weight: local },
              { group: MCS_GROUP, kind: "ServiceImport", name, port, weight: 100 - local },
            ],
          },
        ],
      },
    },
  });
}
