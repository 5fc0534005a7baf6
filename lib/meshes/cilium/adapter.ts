import type { MeshAdapter } from "../kit/mesh-adapter";
import { ciliumTranslator } from "./translate";

/** Cilium ClusterMesh: annotations on the clusters' own Services (a GAMMA split where served). */
export const ciliumAdapter: MeshAdapter = {
  id: "cilium",
  displayName: "Cilium",
  badgeLabel: "Cilium",
  translate: ciliumTranslator.translate,
  texts: {
    notAllowed:
      "its Service is not made global, but its calls are not denied: restrict them with a CiliumNetworkPolicy",
    remote:
      "Cilium ClusterMesh shares services only between clusters joined to one ClusterMesh, and has no object for a foreign gateway endpoint with an SNI",
    site: "Cilium cannot serve {service} from site {site}: external workloads were removed in Cilium 1.18 (https://docs.cilium.io/en/stable/operations/upgrade/), so VMs cannot join a ClusterMesh",
  },
  namespaces: ["kube-system"],
  // It decorates Services (a shared kind) and, for a split, writes the MCS and Gateway API kinds.
  ownedKinds: [],
  otherWritableKinds: [],
  crdFolders: ["gateway-api", "mcs-api"],
};
