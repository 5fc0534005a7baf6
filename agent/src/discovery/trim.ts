// Pure trimming of raw Kubernetes objects (typed models from a list or plain JSON from a
// watch event — both have the same field names) to what the agent keeps.
import type { TrimmedMarker, TrimmedNamespace } from "../../../lib/meshes/kit/mesh-detector";
import type {
  TrimmedEndpoint,
  TrimmedEndpointSlice,
  TrimmedService,
  TrimmedServicePort,
} from "./types";

/** The label the EndpointSlice controller puts on every slice of a Service. */
export const SERVICE_NAME_LABEL = "kubernetes.io/service-name";

/** Object metadata as the agent reads it. */
export interface RawMeta {
  name?: string;
  namespace?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  resourceVersion?: string;
  deletionTimestamp?: unknown;
}

/** A Service as read from the API (only the fields trimming looks at). */
export interface RawService {
  metadata?: RawMeta;
  spec?: {
    type?: string;
    clusterIP?: string;
    ports?: Array<{
      name?: string;
      port?: number;
      protocol?: string;
      targetPort?: number | string;
      appProtocol?: string;
    }>;
  };
}

/** An EndpointSlice as read from the API. */
export interface RawEndpointSlice {
  metadata?: RawMeta;
  addressType?: string;
  endpoints?: Array<{
    addresses?: string[];
    conditions?: { ready?: boolean; serving?: boolean; terminating?: boolean };
    zone?: string;
    targetRef?: { kind?: string; namespace?: string; name?: string; uid?: string };
  }>;
}

/** A Namespace as read from the API. */
export interface RawNamespace {
  metadata?: RawMeta;
  status?: { phase?: string };
}

/** A ConfigMap or Secret as read from the API. */
export interface RawConfigMapOrSecret {
  metadata?: RawMeta;
  data?: Record<string, string>;
}

const PROTOCOLS = new Set(["TCP", "UDP", "SCTP"]);
// The snapshot schema caps ports per service; the API server does not.
const MAX_PORTS = 100;

function trimPort(p: NonNullable<NonNullable<RawService["spec"]>["ports"]>[number]) {
  if (typeof p.port !== "number" || p.port < 1 || p.port > 65535) return undefined;
  const out: TrimmedServicePort = {
    name: p.name ?? "",
    port: p.port,
    protocol: PROTOCOLS.has(p.protocol ?? "TCP")
      ? ((p.protocol ?? "TCP") as TrimmedServicePort["protocol"])
      : "TCP",
  };
  // A numeric targetPort of 0 never reaches the API (it defaults to port); a string is a
  // named container port.
  if (typeof p.targetPort === "number" && p.targetPort >= 1 && p.targetPort <= 65535)
    out.targetPort = p.targetPort;
  else if (typeof p.targetPort === "string" && p.targetPort !== "") out.targetPort = p.targetPort;
  if (p.appProtocol) out.appProtocol = p.appProtocol;
  return out;
}

/** Trims a Service to namespace, name, type, clusterIP, ports and labels. */
export function trimService(svc: RawService): TrimmedService {
  const ports = (svc.spec?.ports ?? [])
    .map(trimPort)
    .filter((p): p is TrimmedServicePort => p !== undefined)
    .slice(0, MAX_PORTS);
  return {
    namespace: svc.metadata?.namespace ?? "",
    name: svc.metadata?.name ?? "",
    type: svc.spec?.type ?? "ClusterIP",
    clusterIP: svc.spec?.clusterIP ?? "",
    ports,
    labels: { ...(svc.metadata?.labels ?? {}) },
  };
}

/**
 * Trims an EndpointSlice to its namespace, service and per-endpoint conditions and zone.
 * The endpoint's identity is its targetRef (a Pod) when present, so the IPv4 and IPv6
 * slices of a dual-stack Service count each pod once; otherwise its first address.
 */
export function trimEndpointSlice(slice: RawEndpointSlice): TrimmedEndpointSlice {
  const namespace = slice.metadata?.namespace ?? "";
  const endpoints: TrimmedEndpoint[] = (slice.endpoints ?? []).map((e, i) => {
    const ref = e.targetRef;
    const target =
      ref?.name !== undefined
        ? `${ref.kind ?? ""}/${ref.namespace ?? namespace}/${ref.name}`
        : `${slice.addressType ?? ""}/${e.addresses?.[0] ?? `#${i}@${slice.metadata?.name ?? ""}`}`;
    const out: TrimmedEndpoint = { target, zone: e.zone ?? "" };
    if (e.conditions?.ready !== undefined) out.ready = e.conditions.ready;
    if (e.conditions?.serving !== undefined) out.serving = e.conditions.serving;
    if (e.conditions?.terminating !== undefined) out.terminating = e.conditions.terminating;
    return out;
  });
  return {
    namespace,
    name: slice.metadata?.name ?? "",
    serviceName: slice.metadata?.labels?.[SERVICE_NAME_LABEL] ?? "",
    endpoints,
  };
}

/** The namespace label that enrols a namespace's pods in Istio ambient (ztunnel). */
export const AMBIENT_NAMESPACE_LABEL = "istio.io/dataplane-mode";

/** Trims a Namespace to its name, whether it is terminating, and whether it is ambient. */
export function trimNamespace(ns: RawNamespace): TrimmedNamespace {
  const ambient = ns.metadata?.labels?.[AMBIENT_NAMESPACE_LABEL] === "ambient";
  return {
    name: ns.metadata?.name ?? "",
    terminating:
      ns.status?.phase === "Terminating" ||
      (ns.metadata?.deletionTimestamp !== undefined && ns.metadata.deletionTimestamp !== null),
    ...(ambient ? { ambient } : {}),
  };
}

/**
 * Trims a marker ConfigMap or Secret to its labels and the `keys` the detection rules
 * read. Secret values are base64 in the API and decoded here; every other key (e.g.
 * cilium-ca's `ca.key`, a private key) is dropped before anything is kept.
 */
export function trimMarker(
  kind: "ConfigMap" | "Secret",
  obj: RawConfigMapOrSecret,
  keys: readonly string[],
): TrimmedMarker {
  const data: Record<string, string> = {};
  for (const key of keys) {
    const value = obj.data?.[key];
    if (value === undefined) continue;
    data[key] = kind === "Secret" ? Buffer.from(value, "base64").toString("utf8") : value;
  }
  // Only cert-manager's annotations are kept: they say who manages a trust root.
  const annotations = Object.fromEntries(
    Object.entries(obj.metadata?.annotations ?? {})
      .filter(([k]) => k.startsWith("cert-manager.io/"))
      .slice(0, 16)
      .map(([k, v]) => [k, v.slice(0, 253)]),
  );
  return {
    kind,
    namespace: obj.metadata?.namespace ?? "",
    name: obj.metadata?.name ?? "",
    labels: { ...(obj.metadata?.labels ?? {}) },
    ...(Object.keys(annotations).length ? { annotations } : {}),
    data,
  };
}
