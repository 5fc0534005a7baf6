import type { MeshAdapter } from "../kit/mesh-adapter";
import { importIstioRemote } from "./remote-import";
import { compileIstioSite } from "./site";
import { istioTranslator } from "./translate";

const NETWORKING = "networking.istio.io/v1";

/** Istio, sidecar and ambient (./ambient.ts): the one mesh that imports a federation peer's services. */
export const istioAdapter: MeshAdapter = {
  id: "istio",
  displayName: "Istio",
  badgeLabel: "Istio",
  translate: istioTranslator.translate,
  compileSite: compileIstioSite,
  importRemote: importIstioRemote,
  texts: {
    notAllowed:
      "its import is not generated, and the exporters' AuthorizationPolicy denies its calls unless it shares an allowed trust domain",
  },
  namespaces: ["istio-system"],
  ownedKinds: [
    { apiVersion: NETWORKING, kind: "DestinationRule", resource: "destinationrules" },
    { apiVersion: NETWORKING, kind: "Gateway", resource: "gateways" },
    { apiVersion: NETWORKING, kind: "ServiceEntry", resource: "serviceentries" },
    { apiVersion: NETWORKING, kind: "VirtualService", resource: "virtualservices" },
    // A VM site's hosts, in its host cluster and its consumers (./site.ts).
    { apiVersion: NETWORKING, kind: "WorkloadEntry", resource: "workloadentries" },
    { apiVersion: NETWORKING, kind: "WorkloadGroup", resource: "workloadgroups" },
    {
      apiVersion: "security.istio.io/v1",
      kind: "AuthorizationPolicy",
      resource: "authorizationpolicies",
    },
  ],
  otherWritableKinds: [],
  crdFolders: ["istio"],
  // Server-side ("destination") reports only, or every request is counted twice.
  // https://istio.io/latest/docs/reference/config/metrics/
  metrics: {
    requests: "istio_requests_total",
    latencyBucket: "istio_request_duration_milliseconds_bucket",
    codeLabel: "response_code",
    alertServiceLabels: ["destination_service_namespace", "destination_service_name"],
    alertClusterLabel: "destination_cluster",
  },
};
