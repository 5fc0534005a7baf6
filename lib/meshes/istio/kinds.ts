// The Istio kinds Meridian writes, typed to the fields it sets (networking.istio.io/v1,
// security.istio.io/v1; https://istio.io/latest/docs/reference/config/). Checked against the
// CRDs the kube harness installs (test/kube/crds/istio) by tests/meshes/mesh-kinds-crd.test.ts.
import type { KubeObject, LabelSelector } from "../kit/resources";

/** ClientTLSSettings. */
export type IstioClientTls = {
  mode: "DISABLE" | "SIMPLE" | "MUTUAL" | "ISTIO_MUTUAL";
  sni?: string;
  subjectAltNames?: string[];
};

/** OutlierDetection (the intent's fields). */
export type IstioOutlierDetection = {
  consecutive5xxErrors?: number;
  interval?: string;
  baseEjectionTime?: string;
  maxEjectionPercent?: number;
};

/** TrafficPolicy. */
export type IstioTrafficPolicy = {
  tls?: IstioClientTls;
  loadBalancer?: { localityLbSetting?: { enabled?: boolean; failoverPriority?: string[] } };
  outlierDetection?: IstioOutlierDetection;
  portLevelSettings?: { port: { number: number }; tls?: IstioClientTls }[];
};

export type DestinationRule = KubeObject<
  "DestinationRule",
  {
    spec: {
      host: string;
      exportTo?: string[];
      trafficPolicy?: IstioTrafficPolicy;
      subsets?: { name: string; labels?: Record<string, string> }[];
    };
  }
>;

/** ServiceEntry.Endpoint (a WorkloadEntry spec inline). */
export type IstioEndpoint = {
  address?: string;
  ports?: Record<string, number>;
  labels?: Record<string, string>;
  network?: string;
  locality?: string;
  serviceAccount?: string;
};

export type ServiceEntry = KubeObject<
  "ServiceEntry",
  {
    spec: {
      hosts: string[];
      addresses?: string[];
      exportTo?: string[];
      location?: "MESH_INTERNAL" | "MESH_EXTERNAL";
      resolution?: "NONE" | "STATIC" | "DNS" | "DNS_ROUND_ROBIN";
      ports?: { number: number; name: string; protocol?: string }[];
      workloadSelector?: { labels: Record<string, string> };
      endpoints?: IstioEndpoint[];
    };
  }
>;

/** One weighted destination of a route. */
export type IstioRouteDestination = {
  destination: { host: string; subset?: string; port?: { number: number } };
  weight?: number;
};

/** An http or tcp route, matched on a port when the Service has several. */
export type IstioRoute = { match?: { port: number }[]; route: IstioRouteDestination[] };

export type VirtualService = KubeObject<
  "VirtualService",
  { spec: { hosts: string[]; exportTo?: string[]; http?: IstioRoute[]; tcp?: IstioRoute[] } }
>;

export type Gateway = KubeObject<
  "Gateway",
  {
    spec: {
      selector: Record<string, string>;
      servers: {
        port: { number: number; name: string; protocol: string };
        tls?: { mode: "PASSTHROUGH" | "SIMPLE" | "MUTUAL" | "AUTO_PASSTHROUGH" | "ISTIO_MUTUAL" };
        hosts: string[];
      }[];
    };
  }
>;

export type WorkloadEntry = KubeObject<
  "WorkloadEntry",
  { spec: IstioEndpoint & { address: string } }
>;

export type WorkloadGroup = KubeObject<
  "WorkloadGroup",
  {
    spec: {
      metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
      template: Omit<IstioEndpoint, "address" | "labels" | "locality">;
    };
  }
>;

export type AuthorizationPolicy = KubeObject<
  "AuthorizationPolicy",
  {
    spec: {
      selector?: LabelSelector;
      targetRefs?: { group: string; kind: string; name: string }[];
      action?: "ALLOW" | "DENY" | "AUDIT" | "CUSTOM";
      rules?: { from?: { source: { principals?: string[]; namespaces?: string[] } }[] }[];
    };
  }
>;

declare module "../kit/resources" {
  interface MeshKinds {
    DestinationRule: DestinationRule;
    ServiceEntry: ServiceEntry;
    VirtualService: VirtualService;
    Gateway: Gateway;
    WorkloadEntry: WorkloadEntry;
    WorkloadGroup: WorkloadGroup;
    AuthorizationPolicy: AuthorizationPolicy;
  }
}
