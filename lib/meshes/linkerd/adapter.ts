import type { MeshAdapter } from "../kit/mesh-adapter";
import { compileLinkerdSite } from "./site";
import { linkerdTranslator } from "./translate";

/** Linkerd multicluster: mirrored services through Links, VM sites as ExternalWorkloads. */
export const linkerdAdapter: MeshAdapter = {
  id: "linkerd",
  displayName: "Linkerd",
  badgeLabel: "Linkerd",
  translate: linkerdTranslator.translate,
  compileSite: compileLinkerdSite,
  texts: {
    notAllowed:
      "its Link does not mirror the service, but its calls are not denied: Meridian emits no Linkerd authorization policy",
    remote:
      "Linkerd reaches another cluster only through a Link to that cluster's Linkerd gateway and API server (linkerd multicluster link), and cannot route to a foreign gateway by SNI",
  },
  namespaces: ["linkerd-multicluster"],
  ownedKinds: [
    // A VM site's hosts (docs/sites.md).
    {
      apiVersion: "workload.linkerd.io/v1beta1",
      kind: "ExternalWorkload",
      resource: "externalworkloads",
    },
  ],
  // Meridian only narrows the selectors of the Link `linkerd multicluster link` made (a shared kind).
  otherWritableKinds: [
    { apiVersion: "multicluster.linkerd.io/v1alpha2", kind: "Link", resource: "links" },
  ],
  crdFolders: ["linkerd"],
  // The inbound side of the server's proxy (https://linkerd.io/2/reference/proxy-metrics/);
  // Meridian's Linkerd alert rules split `authority` into Istio's destination labels.
  metrics: {
    requests: "response_total",
    latencyBucket: "response_latency_ms_bucket",
    codeLabel: "status_code",
    alertServiceLabels: ["destination_service_namespace", "destination_service_name"],
    alertClusterLabel: "destination_cluster",
  },
};
