// The Linkerd kinds Meridian writes, typed to the fields it sets (multicluster.linkerd.io
// Link, workload.linkerd.io ExternalWorkload). Checked against test/kube/crds/linkerd by
// tests/meshes/mesh-kinds-crd.test.ts.
import type { KubeObject, LabelSelector } from "../kit/resources";

/** A fields-only patch of the selectors of a Link `linkerd multicluster link` made. */
export type Link = KubeObject<
  "Link",
  {
    spec: {
      selector?: LabelSelector;
      remoteDiscoverySelector?: LabelSelector;
      federatedServiceSelector?: LabelSelector;
    };
  }
>;

export type ExternalWorkload = KubeObject<
  "ExternalWorkload",
  {
    spec: {
      meshTLS: { identity: string; serverName: string };
      ports?: { name?: string; port: number; protocol?: string }[];
      workloadIPs?: { ip: string }[];
    };
  }
>;

declare module "../kit/resources" {
  interface MeshKinds {
    Link: Link;
    ExternalWorkload: ExternalWorkload;
  }
}
