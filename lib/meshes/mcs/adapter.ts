import type { MeshAdapter } from "../kit/mesh-adapter";
import { MCS_API_VERSION, mcsTranslator } from "./translate";

/** No mesh: the plain Kubernetes MCS API (KEP-1645), id "none". */
export const mcsAdapter: MeshAdapter = {
  id: "none",
  displayName: "The MCS API",
  badgeLabel: "No mesh",
  translate: mcsTranslator.translate,
  texts: {
    notAllowed:
      "the MCS API imports into the whole clusterset: it still sees the ServiceImport, and its calls are not denied",
    remote:
      "the Kubernetes MCS API imports only services exported by clusters of the same ClusterSet, and has no object for another platform's gateway",
    site: "The MCS API cannot serve {service} from site {site}: a ServiceExport exports Kubernetes endpoints only",
  },
  namespaces: [],
  ownedKinds: [{ apiVersion: MCS_API_VERSION, kind: "ServiceExport", resource: "serviceexports" }],
  otherWritableKinds: [],
  crdFolders: ["mcs-api"],
};
