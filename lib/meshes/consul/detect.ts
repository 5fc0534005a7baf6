import type { MeshRule } from "../kit/mesh-detector";
import { singleRootTrust } from "../kit/root-certificates";

/** How the agent recognises Consul and reads its trust. */
export const consulDetector: MeshRule = {
  mesh: "consul",
  namespaces: ["consul"],
  objects: [
    { kind: "Secret", namespace: "consul", name: "consul-ca-cert", requiredKeys: ["tls.crt"] },
  ],
  crds: [
    "exportedservices.consul.hashicorp.com",
    "serviceresolvers.consul.hashicorp.com",
    "samenessgroups.consul.hashicorp.com",
    "serviceintentions.consul.hashicorp.com",
  ],
  trustRoot: { kind: "Secret", namespace: "consul", name: "consul-ca-cert", key: "tls.crt" },
  // Consul's trust domain (<cluster-id>.consul) and version live in its HTTP API, not in
  // Kubernetes objects; report them empty rather than guess.
  identity: () => ({ version: "", trustDomain: "" }),

  // consul-k8s's tls-init runs `consul tls ca create`: CN "Consul Agent CA <serial>".
  trust(find) {
    return singleRootTrust(consulDetector.trustRoot, find, {
      subject: /CN=Consul Agent CA \d+$/,
      by: "consul tls ca create",
    });
  },
};
