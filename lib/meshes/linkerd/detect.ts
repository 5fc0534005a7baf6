import type { ReportedTrust } from "../../agent-protocol/trust";
import { parseYamlMap, record, str, type MarkerLookup, type MeshRule } from "../kit/mesh-detector";
import { caKindOf, reportedRoots, rootObject } from "../kit/root-certificates";

/** How the agent recognises Linkerd and reads its trust. */
export const linkerdDetector: MeshRule = {
  mesh: "linkerd",
  namespaces: ["linkerd"],
  objects: [
    { kind: "ConfigMap", namespace: "linkerd", name: "linkerd-config", requiredKeys: ["values"] },
    {
      kind: "ConfigMap",
      namespace: "linkerd",
      name: "linkerd-identity-trust-roots",
      requiredKeys: ["ca-bundle.crt"],
    },
  ],
  crds: ["links.multicluster.linkerd.io"],
  trustRoot: {
    kind: "ConfigMap",
    namespace: "linkerd",
    name: "linkerd-identity-trust-roots",
    key: "ca-bundle.crt",
  },
  identity(find) {
    // linkerd-config's `values` holds the control plane's Helm values; the chart
    // defaults identityTrustDomain to the cluster domain (cluster.local).
    const values = parseYamlMap(find("ConfigMap", "linkerd", "linkerd-config")?.data.values);
    return {
      version: str(values.linkerdVersion),
      trustDomain: str(values.identityTrustDomain) || str(values.clusterDomain) || "cluster.local",
    };
  },

  trust: linkerdTrust,
};

/**
 * Linkerd: the trust anchors in linkerd-identity-trust-roots (two during a rotation). An
 * identity issuer managed outside Linkerd (`identity.externalCA`, or the issuer scheme
 * kubernetes.io/tls that cert-manager writes) is an external CA.
 * https://linkerd.io/2/tasks/automatically-rotating-control-plane-tls-credentials/
 */
function linkerdTrust(find: MarkerLookup): ReportedTrust {
  const values = parseYamlMap(find("ConfigMap", "linkerd", "linkerd-config")?.data.values);
  const identity = record(values.identity);
  const scheme = str(record(identity.issuer).scheme);
  const { marker, roots } = rootObject(find, linkerdDetector.trustRoot);
  const kind =
    identity.externalCA === true || scheme === "kubernetes.io/tls"
      ? {
          caKind: "external" as const,
          caEvidence:
            identity.externalCA === true
              ? "identity.externalCA is true: the trust anchors come from outside Linkerd"
              : "identity.issuer.scheme is kubernetes.io/tls: the issuer is written by cert-manager or another controller",
        }
      : caKindOf(roots, marker, {
          subject: /^CN=root\.linkerd\.cluster\.local$/,
          by: "linkerd install",
        });
  return { aliases: [], roots: reportedRoots(roots), ...kind };
}
