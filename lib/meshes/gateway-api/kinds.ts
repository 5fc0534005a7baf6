// The Gateway API kind Meridian writes (gateway.networking.k8s.io/v1 HTTPRoute, GAMMA: a route
// whose parent is a Service). Checked against test/kube/crds/gateway-api by
// tests/meshes/mesh-kinds-crd.test.ts.
import type { KubeObject } from "../kit/resources";

/** A reference to a Service or ServiceImport on one port. */
export type BackendRef = {
  group: string;
  kind: string;
  name: string;
  port: number;
  weight?: number;
};

export type HTTPRoute = KubeObject<
  "HTTPRoute",
  {
    spec: {
      parentRefs: { group: string; kind: string; name: string; port?: number }[];
      rules: { backendRefs: BackendRef[] }[];
    };
  }
>;

declare module "../kit/resources" {
  interface MeshKinds {
    HTTPRoute: HTTPRoute;
  }
}
