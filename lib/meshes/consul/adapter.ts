import type { MeshAdapter } from "../kit/mesh-adapter";
import { compileConsulSite } from "./site";
import {
  consulTranslator,
  mergeExportedServices,
  mergeServiceIntentions,
  mergeServiceResolvers,
} from "./translate";

const CONSUL = "consul.hashicorp.com/v1alpha1";

/** Consul on Kubernetes (consul-k8s config entries): exported services, resolvers, intentions. */
export const consulAdapter: MeshAdapter = {
  id: "consul",
  displayName: "Consul",
  badgeLabel: "Consul",
  translate: consulTranslator.translate,
  compileSite: compileConsulSite,
  texts: {
    notAllowed: "its import is not generated, and the exporters' ServiceIntentions deny its calls",
    remote:
      "Consul reaches another platform through cluster peering with its Consul servers or a terminating gateway that knows the external service; a Hamlet peer is neither, and Meridian does not write a terminating-gateway registration for it",
  },
  mergers: {
    ExportedServices: mergeExportedServices,
    ServiceIntentions: mergeServiceIntentions,
    ServiceResolver: mergeServiceResolvers,
  },
  namespaces: ["consul"],
  ownedKinds: [
    { apiVersion: CONSUL, kind: "ExportedServices", resource: "exportedservices" },
    { apiVersion: CONSUL, kind: "ServiceResolver", resource: "serviceresolvers" },
    { apiVersion: CONSUL, kind: "ServiceIntentions", resource: "serviceintentions" },
  ],
  otherWritableKinds: [{ apiVersion: CONSUL, kind: "SamenessGroup", resource: "samenessgroups" }],
  crdFolders: ["consul"],
};
