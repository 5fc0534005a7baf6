// Trimmed Kubernetes objects the agent keeps in memory (Kiali's habit: keep only the
// fields Meridian uses, so a 20k-Service cluster costs megabytes, not gigabytes).

/** A Service port as reported. */
export interface TrimmedServicePort {
  name: string;
  port: number;
  protocol: "TCP" | "UDP" | "SCTP";
  targetPort?: number | string;
  appProtocol?: string;
}

/** A Service, trimmed to namespace, name, type/clusterIP, ports and labels. */
export interface TrimmedService {
  namespace: string;
  name: string;
  /** spec.type as stored ("ClusterIP" when absent, the API default). */
  type: string;
  /** spec.clusterIP; "None" means headless. */
  clusterIP: string;
  ports: TrimmedServicePort[];
  labels: Record<string, string>;
}

/** One endpoint of a slice: its conditions and zone, nothing else. */
export interface TrimmedEndpoint {
  /** Pod (or other target) identity, used to count dual-stack endpoints once. */
  target: string;
  /** conditions.ready as stored; undefined means "unknown", which K8s says to read as ready. */
  ready?: boolean;
  serving?: boolean;
  terminating?: boolean;
  /** "" when the endpoint carries no zone. */
  zone: string;
}

/** An EndpointSlice, trimmed to its namespace, owning service and endpoints. */
export interface TrimmedEndpointSlice {
  namespace: string;
  name: string;
  /** The kubernetes.io/service-name label. */
  serviceName: string;
  endpoints: TrimmedEndpoint[];
}
