// Call edges of the topology graph from proxy metrics: who calls whom, across clusters,
// with request rate, error rate and p95. ONE instant query per source per mesh family
// (Istio, Linkerd): the three signals are tagged with a `signal` label via label_replace
// and joined with `or`, like the golden-signal query.
// Istio: https://istio.io/latest/docs/reference/config/metrics/
// Linkerd: https://linkerd.io/2/reference/proxy-metrics/
import { z } from "zod";
import { clusterLabelSchema, rateWindowSchema } from "@/lib/infra/promql-params";

import type { CallSample, ServiceRef } from "@/lib/graph/build";
import { fanOut, type SourceError } from "@/lib/fleet-metrics/fan-out";
import type { PrometheusClient, PrometheusSource } from "@/lib/fleet-metrics/prometheus-client";
import type { VectorSample } from "@/lib/fleet-metrics/prometheus-schema";
import { hostService } from "@/lib/fleet-metrics/service-hosts";

/** Mesh metric families whose call edges we read. */
export const EDGE_FAMILIES = ["istio", "linkerd"] as const;
/** One family. */
export type EdgeFamily = (typeof EDGE_FAMILIES)[number];

const EDGE_SIGNALS = ["rps", "errors", "p95"] as const;
type EdgeSignal = (typeof EDGE_SIGNALS)[number];

/** Options of {@link buildCallEdgesQuery}. */
export const CallEdgesOptionsSchema = z.object({
  /** rate() window; must cover ≥ 2 scrapes (use ≥ 4× the scrape interval). */
  window: rateWindowSchema,
  /** Label that carries the cluster of a federated series (the external label). */
  clusterLabel: clusterLabelSchema,
});
/** Options of {@link buildCallEdgesQuery}. */
export type CallEdgesOptions = z.input<typeof CallEdgesOptionsSchema>;

type Family = { requests: string; bucket: string; code: string; selector: string; by: string[] };

function family(f: EdgeFamily, clusterLabel: string): Family {
  if (f === "istio") {
    // Server-side ("destination") reports only, or every request is counted twice.
    return {
      requests: "istio_requests_total",
      bucket: "istio_request_duration_milliseconds_bucket",
      code: "response_code",
      selector: `reporter="destination"`,
      by: [
        "source_canonical_service",
        "source_workload",
        "source_workload_namespace",
        "source_cluster",
        "destination_service_name",
        "destination_service_namespace",
        "destination_cluster",
        clusterLabel,
      ],
    };
  }
  // Linkerd: the inbound side of the server's proxy. The destination is the request's
  // authority (name.namespace.svc...:port); the caller is its mTLS identity (client_id,
  // <serviceaccount>.<namespace>.serviceaccount.identity.linkerd.<trust domain>).
  return {
    requests: "response_total",
    bucket: "response_latency_ms_bucket",
    code: "status_code",
    selector: `direction="inbound"`,
    by: ["authority", "client_id", "source_cluster", "destination_cluster", clusterLabel],
  };
}

function tag(expr: string, signal: EdgeSignal): string {
  // label_replace with src "" and regex "" sets the label on every series.
  return `label_replace(${expr}, "signal", "${signal}", "", "")`;
}

/** The single PromQL query returning every call edge of one family, tagged by `signal`. */
export function buildCallEdgesQuery(f: EdgeFamily, raw: CallEdgesOptions = {}): string {
  const { window: w, clusterLabel } = CallEdgesOptionsSchema.parse(raw);
  const m = family(f, clusterLabel);
  const by = m.by.join(", ");
  return [
    tag(`sum by (${by}) (rate(${m.requests}{${m.selector}}[${w}]))`, "rps"),
    tag(`sum by (${by}) (rate(${m.requests}{${m.selector},${m.code}=~"5.."}[${w}]))`, "errors"),
    tag(
      `histogram_quantile(0.95, sum by (${by}, le) (rate(${m.bucket}{${m.selector}}[${w}])))`,
      "p95",
    ),
  ].join("\nor\n");
}

/** Istio workloads are named `<service>-<version>` in Bookinfo-style deployments. */
const VERSION_SUFFIX = /-v[0-9]+$/;
const IDENTITY =
  /^([a-z0-9]([-a-z0-9]*[a-z0-9])?)\.([a-z0-9]([-a-z0-9]*[a-z0-9])?)\.serviceaccount\./;

type Ends = { source: ServiceRef; destination: ServiceRef; globalHost: boolean };

function endsOf(
  f: EdgeFamily,
  m: Record<string, string>,
  cluster: string | undefined,
): Ends | null {
  if (f === "istio") {
    const name = m.source_canonical_service || m.source_workload?.replace(VERSION_SUFFIX, "") || "";
    const namespace = m.source_workload_namespace ?? "";
    // A call to a global hostname names the host, not the short name (issue 36, defect 2).
    const dst = hostService(m.destination_service_name ?? "");
    const dstNs = dst?.namespace ?? m.destination_service_namespace ?? "";
    const dstCluster = m.destination_cluster || cluster || "";
    if (!name || !namespace || !dst || !dstNs || !dstCluster) return null;
    return {
      source: { cluster: m.source_cluster || dstCluster, namespace, name },
      destination: { cluster: dstCluster, namespace: dstNs, name: dst.name },
      globalHost: dst.global,
    };
  }
  const dst = hostService(m.authority ?? "");
  const src = IDENTITY.exec(m.client_id ?? "");
  const dstCluster = m.destination_cluster || cluster || "";
  if (!dst?.namespace || !src || !dstCluster) return null;
  return {
    source: { cluster: m.source_cluster || dstCluster, namespace: src[3]!, name: src[1]! },
    destination: { cluster: dstCluster, namespace: dst.namespace, name: dst.name },
    globalHost: dst.global,
  };
}

const keyOf = (e: Ends) =>
  `${e.source.cluster}/${e.source.namespace}/${e.source.name}>${e.destination.cluster}/${e.destination.namespace}/${e.destination.name}`;

/**
 * Parses the result of {@link buildCallEdgesQuery} into call samples, one per
 * (source service, destination service) pair. `fallbackCluster` names the cluster of
 * series without cluster labels (a per-cluster source). Series whose ends cannot be named
 * (e.g. calls from outside the mesh without a workload) are skipped; a NaN p95 becomes 0.
 */
export function parseCallEdges(
  f: EdgeFamily,
  samples: readonly VectorSample[],
  opts: { clusterLabel?: string; fallbackCluster?: string } = {},
): CallSample[] {
  const clusterLabel = opts.clusterLabel ?? "cluster";
  const rows = new Map<string, Ends & Record<EdgeSignal, number>>();
  for (const s of samples) {
    const signal = s.metric.signal as EdgeSignal | undefined;
    if (!signal || !EDGE_SIGNALS.includes(signal)) continue;
    const ends = endsOf(f, s.metric, s.metric[clusterLabel] || opts.fallbackCluster);
    if (!ends) continue;
    const key = keyOf(ends);
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { ...ends, rps: 0, errors: 0, p95: 0 }));
    row.globalHost ||= ends.globalHost;
    const v = Number.isFinite(s.value[1]) ? s.value[1] : 0;
    // Several workloads of one service (reviews-v1, -v2) sum up; their p95 is the worst.
    row[signal] = signal === "p95" ? Math.max(row.p95, v) : row[signal] + v;
  }
  return [...rows.values()]
    .filter((r) => r.rps > 0)
    .sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1))
    .map((r) => ({
      source: r.source,
      destination: r.destination,
      requestRate: r.rps,
      errorRate: Math.min(1, r.errors / r.rps),
      p95Ms: r.p95,
      ...(r.globalHost ? { globalHost: true } : {}),
    }));
}

/** Call edges from every source, with per-source errors (partial results). */
export type CallEdgesResult = { calls: CallSample[]; errors: SourceError[] };

/**
 * Queries every source once per family and returns the call samples found. When any source
 * covers the whole fleet (no `cluster`), only those are asked: per-cluster sources would
 * count the same requests twice. Results are cached by the client for its TTL.
 */
export async function fetchCallEdges(
  client: PrometheusClient,
  sources: readonly PrometheusSource[],
  opts: CallEdgesOptions = {},
): Promise<CallEdgesResult> {
  const global = sources.filter((s) => !s.cluster);
  const asked = global.length > 0 ? global : sources;
  const clusterLabel = CallEdgesOptionsSchema.parse(opts).clusterLabel;
  const res = await fanOut(asked, async (source) => {
    const parts = await Promise.all(
      EDGE_FAMILIES.map(async (f) => {
        const { data } = await client.query(source, buildCallEdgesQuery(f, opts));
        if (data.resultType !== "vector") return [];
        return parseCallEdges(f, data.result, { clusterLabel, fallbackCluster: source.cluster });
      }),
    );
    return parts.flat();
  });
  return { calls: res.items.flatMap((i) => i.data), errors: res.errors };
}
