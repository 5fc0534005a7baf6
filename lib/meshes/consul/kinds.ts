// The Consul config entries Meridian writes (consul.hashicorp.com/v1alpha1), typed to the
// fields it sets. Checked against test/kube/crds/consul by tests/meshes/mesh-kinds-crd.test.ts.
import type { KubeObject } from "../kit/resources";

/** One exported service and the peers that may consume it. */
export type ExportedEntry = { name: string; consumers: { peer: string }[] };

/** One source of an intention: a service (or "*") of a peer. */
export type IntentionSource = { name: string; peer: string; action: string };

export type ExportedServices = KubeObject<
  "ExportedServices",
  { spec: { services: ExportedEntry[] } }
>;

export type ServiceIntentions = KubeObject<
  "ServiceIntentions",
  { spec: { destination: { name: string }; sources: IntentionSource[] } }
>;

/** A failover to other peers' instances, or a redirect to another resolver. */
export type ServiceResolverSpec = {
  failover?: Record<string, { targets: { peer: string; service: string }[] }>;
  redirect?: { service: string };
};

export type ServiceResolver = KubeObject<"ServiceResolver", { spec: ServiceResolverSpec }>;

declare module "../kit/resources" {
  interface MeshKinds {
    ExportedServices: ExportedServices;
    ServiceIntentions: ServiceIntentions;
    ServiceResolver: ServiceResolver;
  }
}
