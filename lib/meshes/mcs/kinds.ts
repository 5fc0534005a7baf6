// The MCS API kind Meridian writes (multicluster.x-k8s.io): a ServiceExport has no spec, its
// name and namespace say which Service is exported. Checked against test/kube/crds/mcs-api by
// tests/meshes/mesh-kinds-crd.test.ts.
import type { KubeObject } from "../kit/resources";

export type ServiceExport = KubeObject<"ServiceExport">;

declare module "../kit/resources" {
  interface MeshKinds {
    ServiceExport: ServiceExport;
  }
}
