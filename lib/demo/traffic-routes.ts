import type { IntentDto } from "@/lib/model/intent";

// How the demo's Bookinfo traffic flows under the current intent, as the meshes would route
// it: every call is served locally first; it crosses clusters only where the caller's cluster
// imports the global service (then in failover-tier order, skipping failed instances); a
// failed local instance with nowhere to fail over answers 503s. Pure: the demo's traffic
// generators (scripts/lib/traffic-generator.ts) report the edges this returns.

/** Bookinfo's calls: who calls whom, and how many calls per request the caller serves. */
export const BOOKINFO_CALLS = [
  { from: "productpage", to: "details", perRequest: 1 },
  { from: "productpage", to: "reviews", perRequest: 1 },
  // reviews-v2 and -v3 call ratings; v1 does not.
  { from: "reviews", to: "ratings", perRequest: 0.65 },
] as const;
/** The entry service, called by each cluster's ingress gateway. */
export const BOOKINFO_ENTRY = { from: "istio-ingressgateway", to: "productpage", rps: 10 } as const;

/** A cluster or VM site of the demo and the Bookinfo services it runs. */
export interface RoutingCluster {
  name: string;
  services: readonly string[];
  /** Multiplies its ingress load (clusters get different loads); default 1. */
  scale?: number;
}

/** One flow that bypasses the intent: `from`'s callers reach `service` in another cluster. */
export interface BypassFlow {
  from: string;
  service: string;
}

/** Input of {@link routeDemoTraffic}. */
export interface RoutingInput {
  clusters: readonly RoutingCluster[];
  intents: readonly Pick<
    IntentDto,
    | "namespace"
    | "name"
    | "hostname"
    | "exports"
    | "imports"
    | "failover"
    | "trafficWeights"
    | "access"
  >[];
  /** Instances whose endpoints fail (the demo's failure switch), as `cluster/service`. */
  failed?: readonly string[];
  bypass?: readonly BypassFlow[];
}

/** How an edge came about. */
export type RouteKind = "local" | "imported" | "unmanaged";

/** One call edge between two service instances, as the server side reports it. */
export interface RoutedEdge {
  source: string;
  sourceCluster: string;
  destination: string;
  destinationCluster: string;
  /** The host the caller named: the global hostname for an imported call, else null. */
  host: string | null;
  rps: number;
  /** Share of calls answered 5xx (1 for a failed instance nobody can fail over from). */
  errorRate: number;
  kind: RouteKind;
}

const key = (cluster: string, service: string) => `${cluster}/${service}`;

type Target = { cluster: string; share: number; kind: RouteKind; host: string | null };

/** Where calls from `from` to `service` go, or [] when nothing serves them there. */
function targetsOf(
  input: RoutingInput,
  runs: (cluster: string, service: string) => boolean,
  failed: Set<string>,
  from: string,
  service: string,
): Target[] {
  const local = runs(from, service);
  if (local && !failed.has(key(from, service)))
    return [{ cluster: from, share: 1, kind: "local", host: null }];
  const intent = input.intents.find((i) => i.name === service);
  const imports = intent?.imports.includes(from) ?? false;
  // Failover of a local instance is the global host's DestinationRule (Istio) or its own mirror:
  // it applies where the cluster consumes the global service (imports) or shares it with tiers.
  const failsOver =
    intent && (imports || (local && intent.exports.includes(from) && intent.failover));
  if (intent && failsOver && (!intent.access || intent.access.includes(from))) {
    const exporters = intent.exports.filter(
      (c) => c !== from && runs(c, service) && !failed.has(key(c, service)),
    );
    const tiers = intent.failover?.tiers.map((t) => t.clusters) ?? [
      exporters.map((name) => ({ name, weight: undefined as number | undefined })),
    ];
    for (const tier of tiers) {
      const members = tier.filter((m) => exporters.includes(m.name));
      if (!members.length) continue;
      const weights = members.map((m) => m.weight ?? intent.trafficWeights?.[m.name] ?? 1);
      const total = weights.reduce((s, w) => s + w, 0);
      return members.map((m, i) => ({
        cluster: m.name,
        share: total > 0 ? weights[i]! / total : 1 / members.length,
        kind: "imported" as const,
        host: intent.hostname,
      }));
    }
  }
  const bypass = input.bypass?.find((b) => b.from === from && b.service === service);
  if (bypass) {
    const other = input.clusters.find(
      (c) => c.name !== from && runs(c.name, service) && !failed.has(key(c.name, service)),
    );
    if (other) return [{ cluster: other.name, share: 1, kind: "unmanaged", host: null }];
  }
  // A failed instance with nowhere to go still takes the calls, and fails them.
  return local ? [{ cluster: from, share: 1, kind: "local", host: null }] : [];
}

/**
 * The demo's call edges under the intent. Load enters at each cluster's ingress gateway (its
 * productpage) and flows down Bookinfo's calls; an instance that fails passes nothing on.
 */
export function routeDemoTraffic(input: RoutingInput): RoutedEdge[] {
  const services = new Map(input.clusters.map((c) => [c.name, new Set(c.services)]));
  const runs = (cluster: string, service: string) => services.get(cluster)?.has(service) ?? false;
  const failed = new Set(input.failed ?? []);
  // Requests each instance serves successfully, by `cluster/service`.
  const served = new Map<string, number>();
  const edges: RoutedEdge[] = [];
  const send = (source: string, sourceCluster: string, service: string, rps: number) => {
    for (const t of targetsOf(input, runs, failed, sourceCluster, service)) {
      const down = failed.has(key(t.cluster, service));
      const edge: RoutedEdge = {
        source,
        sourceCluster,
        destination: service,
        destinationCluster: t.cluster,
        host: t.host,
        rps: rps * t.share,
        errorRate: down ? 1 : 0,
        kind: t.kind,
      };
      if (edge.rps <= 0) continue;
      edges.push(edge);
      if (!down)
        served.set(key(t.cluster, service), (served.get(key(t.cluster, service)) ?? 0) + edge.rps);
    }
  };
  for (const c of input.clusters) {
    if (runs(c.name, BOOKINFO_ENTRY.to))
      send(BOOKINFO_ENTRY.from, c.name, BOOKINFO_ENTRY.to, BOOKINFO_ENTRY.rps * (c.scale ?? 1));
  }
  // BOOKINFO_CALLS is in call order, so each caller's load is known before its calls.
  for (const call of BOOKINFO_CALLS) {
    for (const c of input.clusters) {
      const rps = served.get(key(c.name, call.from)) ?? 0;
      if (rps > 0) send(call.from, c.name, call.to, rps * call.perRequest);
    }
  }
  return edges;
}
