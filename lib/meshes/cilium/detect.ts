import { VERSION_LABEL, type MeshRule } from "../kit/mesh-detector";
import { singleRootTrust } from "../kit/root-certificates";

/** How the agent recognises Cilium and reads its trust. */
export const ciliumDetector: MeshRule = {
  mesh: "cilium",
  namespaces: ["kube-system"],
  objects: [
    {
      kind: "ConfigMap",
      namespace: "kube-system",
      name: "cilium-config",
      requiredKeys: ["cluster-name", "cluster-id"],
    },
    { kind: "Secret", namespace: "kube-system", name: "cilium-ca", requiredKeys: ["ca.crt"] },
  ],
  crds: [],
  trustRoot: { kind: "Secret", namespace: "kube-system", name: "cilium-ca", key: "ca.crt" },
  identity(find) {
    // Cilium has no mesh-wide trust domain; its ClusterMesh identity is the pair
    // cluster-name/cluster-id, which must be unique across connected clusters.
    // https://docs.cilium.io/en/stable/network/clustermesh/clustermesh/
    const cm = find("ConfigMap", "kube-system", "cilium-config");
    return {
      version: cm?.labels[VERSION_LABEL] ?? "",
      trustDomain: `${cm?.data["cluster-name"] ?? ""}/${cm?.data["cluster-id"] ?? ""}`,
    };
  },

  // The Cilium chart's genCA names its CA "Cilium CA".
  trust(find) {
    return singleRootTrust(ciliumDetector.trustRoot, find, {
      subject: /^CN=Cilium CA$/,
      by: "the Cilium chart",
    });
  },
};
