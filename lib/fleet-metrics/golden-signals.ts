// Golden signals (request rate, 5xx rate, p50/p95/p99) for one global service, per
// cluster and in total, as ONE instant-vector query per source per refresh: every
// sub-expression is tagged with `signal` and `scope` labels via label_replace and the
// parts are joined with `or` (the tags make label sets distinct, so `or` keeps them all).
import { z } from "zod";
import { dnsLabel } from "@/lib/agent-protocol/k8s-names";
import { clusterLabelSchema, rateWindowSchema } from "@/lib/infra/promql-params";
import { serviceHostRegex } from "@/lib/fleet-metrics/service-hosts";

import type { VectorSample } from "@/lib/fleet-metrics/prometheus-schema";

/**
 * Meshes whose proxy metrics we read: those whose adapter has a metrics dialect
 * (lib/meshes/registry.ts; tests/meshes/mesh-list-parity.test.ts checks the two agree).
 */
export const METRICS_MESHES = ["istio", "linkerd"] as const;
/** A mesh whose proxy metrics we read. */
export type MetricsMesh = (typeof METRICS_MESHES)[number];

// DNS-1123 labels: Kubernetes names and namespaces. Validating here also keeps PromQL
// injection out of the selectors below.

/** Input of {@link buildGoldenSignalsQuery}. */
export const GoldenSignalsInputSchema = z.object({
  mesh: z.enum(METRICS_MESHES),
  namespace: dnsLabel("namespace"),
  name: dnsLabel("name"),
  /** rate() window; must cover ≥ 2 scrapes (use ≥ 4× the scrape interval). */
  window: rateWindowSchema,
  /** Label that carries the cluster (the Prometheus external label). */
  clusterLabel: clusterLabelSchema,
});
/** Input of {@link buildGoldenSignalsQuery}. */
export type GoldenSignalsInput = z.input<typeof GoldenSignalsInputSchema>;

/** The signals a query returns, as the `signal` label values. */
export const SIGNALS = ["rps", "errors", "p50", "p95", "p99"] as const;
/** One signal. */
export type Signal = (typeof SIGNALS)[number];
const QUANTILES: ReadonlyArray<[Signal, number]> = [
  ["p50", 0.5],
  ["p95", 0.95],
  ["p99", 0.99],
];

/** PromQL double-quoted string literal. */
function str(s: string): string {
  return JSON.stringify(s);
}

interface MeshMetrics {
  requests: string;
  bucket: string;
  codeLabel: string;
  selector: string;
}

function meshMetrics(input: z.output<typeof GoldenSignalsInputSchema>): MeshMetrics {
  const { namespace, name } = input;
  if (input.mesh === "istio") {
    // Server-side ("destination") reports only, or every request is counted twice. Calls to
    // the global hostname (an import) name the host: they count too, as on the map.
    // https://istio.io/latest/docs/reference/config/metrics/
    return {
      requests: "istio_requests_total",
      bucket: "istio_request_duration_milliseconds_bucket",
      codeLabel: "response_code",
      selector: `reporter="destination",destination_service_namespace=${str(namespace)},destination_service_name=~${str(serviceHostRegex(name, namespace))}`,
    };
  }
  // Linkerd: the inbound side of the server's proxy; the destination service is the
  // request's `authority` (host[:port]), e.g. reviews.bookinfo.svc.cluster.local:9080, or a
  // global hostname. https://linkerd.io/2/reference/proxy-metrics/
  const authority = serviceHostRegex(name, namespace, false);
  return {
    requests: "response_total",
    bucket: "response_latency_ms_bucket",
    codeLabel: "status_code",
    selector: `direction="inbound",authority=~${str(authority)}`,
  };
}

function tag(expr: string, labels: Record<string, string>): string {
  let out = expr;
  // label_replace(v, dst, replacement, src, regex) with src "" and regex "" sets dst
  // on every series (the empty source value matches the empty regex).
  for (const [k, v] of Object.entries(labels))
    out = `label_replace(${out}, ${str(k)}, ${str(v)}, "", "")`;
  return out;
}

/**
 * Builds the single PromQL query for a service's golden signals. Result series carry
 * `signal` (rps|errors|p50|p95|p99) and `scope` (cluster|total); `scope="cluster"` series
 * also carry the cluster label (absent when querying a per-cluster Prometheus, whose
 * external labels are not part of query results).
 */
export function buildGoldenSignalsQuery(raw: GoldenSignalsInput): string {
  const input = GoldenSignalsInputSchema.parse(raw);
  const m = meshMetrics(input);
  const w = input.window;
  const c = input.clusterLabel;
  const reqs = `${m.requests}{${m.selector}}`;
  const errs = `${m.requests}{${m.selector},${m.codeLabel}=~"5.."}`;
  const bucket = `${m.bucket}{${m.selector}}`;
  const parts: string[] = [];
  for (const [scope, by, byLe] of [
    ["cluster", ` by (${c})`, ` by (${c}, le)`],
    ["total", "", " by (le)"],
  ] as const) {
    parts.push(tag(`sum${by} (rate(${reqs}[${w}]))`, { signal: "rps", scope }));
    parts.push(tag(`sum${by} (rate(${errs}[${w}]))`, { signal: "errors", scope }));
    for (const [signal, q] of QUANTILES) {
      parts.push(
        tag(`histogram_quantile(${q}, sum${byLe} (rate(${bucket}[${w}])))`, { signal, scope }),
      );
    }
  }
  return parts.join("\nor\n");
}

/** Golden signals for one scope; null where there is no data (no traffic → no quantile). */
export interface GoldenSignals {
  /** Requests per second. */
  requestRate: number | null;
  /** 5xx responses per second. */
  errorRate: number | null;
  /** errorRate / requestRate (0..1); null without traffic. */
  errorRatio: number | null;
  p50Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
}

/** Parsed per-cluster signals plus the total. */
export interface GoldenSignalsResult {
  clusters: Array<{ cluster: string; signals: GoldenSignals }>;
  total: GoldenSignals;
}

const EMPTY: Record<Signal, number | null> = {
  rps: null,
  errors: null,
  p50: null,
  p95: null,
  p99: null,
};

function finish(raw: Record<Signal, number | null>): GoldenSignals {
  const rps = raw.rps;
  // No 5xx series at all means zero errors, not unknown, as long as there is traffic.
  const errors = raw.errors ?? (rps !== null ? 0 : null);
  return {
    requestRate: rps,
    errorRate: errors,
    errorRatio: rps !== null && rps > 0 && errors !== null ? errors / rps : null,
    p50Ms: raw.p50,
    p95Ms: raw.p95,
    p99Ms: raw.p99,
  };
}

/**
 * Parses the result of {@link buildGoldenSignalsQuery}. `fallbackCluster` names the
 * cluster of series without a cluster label (a per-cluster source). NaN (a quantile
 * over no traffic) becomes null.
 */
export function parseGoldenSignals(
  samples: readonly VectorSample[],
  opts: { clusterLabel?: string; fallbackCluster?: string } = {},
): GoldenSignalsResult {
  const clusterLabel = opts.clusterLabel ?? "cluster";
  const byCluster = new Map<string, Record<Signal, number | null>>();
  const total = { ...EMPTY };
  for (const s of samples) {
    const signal = s.metric.signal as Signal | undefined;
    if (!signal || !SIGNALS.includes(signal)) continue;
    const value = Number.isFinite(s.value[1]) ? s.value[1] : null;
    if (s.metric.scope === "total") {
      total[signal] = value;
    } else if (s.metric.scope === "cluster") {
      const cluster = s.metric[clusterLabel] ?? opts.fallbackCluster ?? "unknown";
      let row = byCluster.get(cluster);
      if (!row) byCluster.set(cluster, (row = { ...EMPTY }));
      row[signal] = value;
    }
  }
  return {
    clusters: [...byCluster.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([cluster, raw]) => ({ cluster, signals: finish(raw) })),
    total: finish(total),
  };
}

/**
 * Merges results from several per-cluster sources. Rates add up exactly; quantiles of
 * different sources cannot be combined, so the total's quantiles are the worst
 * (largest) per-cluster value — an upper bound — and `approximateQuantiles` says so.
 */
export function mergeGoldenSignals(
  results: readonly GoldenSignalsResult[],
): GoldenSignalsResult & { approximateQuantiles: boolean } {
  const clusters = results
    .flatMap((r) => r.clusters)
    .sort((a, b) => a.cluster.localeCompare(b.cluster));
  const sum = (xs: Array<number | null>) =>
    xs.some((x) => x !== null) ? xs.reduce<number>((a, x) => a + (x ?? 0), 0) : null;
  const max = (xs: Array<number | null>) => {
    const present = xs.filter((x): x is number => x !== null);
    return present.length ? Math.max(...present) : null;
  };
  const totals = results.map((r) => r.total);
  const rps = sum(totals.map((t) => t.requestRate));
  const errors = sum(totals.map((t) => t.errorRate));
  return {
    clusters,
    total: {
      requestRate: rps,
      errorRate: errors,
      errorRatio: rps !== null && rps > 0 && errors !== null ? errors / rps : null,
      p50Ms: max(totals.map((t) => t.p50Ms)),
      p95Ms: max(totals.map((t) => t.p95Ms)),
      p99Ms: max(totals.map((t) => t.p99Ms)),
    },
    approximateQuantiles: results.length > 1,
  };
}
