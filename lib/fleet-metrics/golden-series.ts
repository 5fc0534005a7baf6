// Golden-signal time series for one global service over a time range: ONE range query per
// source per refresh (every signal, scope and mesh in one expression), parsed onto a shared
// timestamp grid and merged across sources. Pure: no I/O.
import {
  buildGoldenSignalsQuery,
  SIGNALS,
  type MetricsMesh,
  type Signal,
} from "@/lib/fleet-metrics/golden-signals";
import type { MatrixSeries } from "@/lib/fleet-metrics/prometheus-schema";

/** Values on the grid; null where there is no sample. */
export type Values = Array<number | null>;

/** The five raw signals of one scope. */
export type SignalValues = Record<Signal, Values>;

/** One source's parsed answer. */
export interface SourceSeries {
  source: string;
  /** Whether the source is a per-cluster Prometheus (preferred for its own cluster). */
  perCluster: boolean;
  clusters: Map<string, SignalValues>;
  total: SignalValues;
  /** Series of more than one mesh were combined (quantiles then approximate). */
  combinedMeshes: boolean;
}

/** The merged answer, per cluster and in total, with derived error ratio. */
export interface MergedSeries {
  clusters: string[];
  byCluster: Record<string, SignalValues & { errorRatio: Values }>;
  total: SignalValues & { errorRatio: Values };
  approximateQuantiles: boolean;
}

/** Points from `start` to `end` every `step` seconds. */
export function timeGrid(start: number, end: number, step: number): number[] {
  const out: number[] = [];
  for (let t = start; t <= end + 1e-9; t += step) out.push(Math.round(t * 1000) / 1000);
  return out;
}

/**
 * The one query for a service across the given meshes: each mesh's golden-signals query
 * tagged with `mesh`, joined with `or` (the tag keeps the meshes' label sets distinct).
 */
export function buildGoldenSeriesQuery(input: {
  meshes: readonly MetricsMesh[];
  namespace: string;
  name: string;
  window: string;
  clusterLabel?: string;
}): string {
  const meshes = [...new Set(input.meshes)].sort();
  if (meshes.length === 0) throw new Error("no mesh to query");
  return meshes
    .map((mesh) => {
      const q = buildGoldenSignalsQuery({
        mesh,
        namespace: input.namespace,
        name: input.name,
        window: input.window,
        clusterLabel: input.clusterLabel ?? "cluster",
      });
      return `label_replace(${q.replace(/\n/g, " ")}, "mesh", ${JSON.stringify(mesh)}, "", "")`;
    })
    .join("\nor\n");
}

const empty = (n: number): SignalValues =>
  Object.fromEntries(SIGNALS.map((s) => [s, Array<number | null>(n).fill(null)])) as SignalValues;

/** Adds rates, keeps the larger quantile (an upper bound), treating null as absent. */
function combineInto(target: SignalValues, add: SignalValues): void {
  for (const s of SIGNALS) {
    const rate = s === "rps" || s === "errors";
    target[s] = target[s].map((a, i) => {
      const b = add[s][i] ?? null;
      if (a === null) return b;
      if (b === null) return a;
      return rate ? a + b : Math.max(a, b);
    });
  }
}

/**
 * Parses a source's matrix onto the grid. Series without the cluster label (a per-cluster
 * Prometheus) belong to `fallbackCluster`. NaN/Inf (a quantile without traffic) → null.
 */
export function parseGoldenSeries(
  series: readonly MatrixSeries[],
  grid: readonly number[],
  opts: { source: string; fallbackCluster?: string; clusterLabel?: string },
): SourceSeries {
  const label = opts.clusterLabel ?? "cluster";
  const start = grid[0] ?? 0;
  const step = grid.length > 1 ? grid[1]! - start : 1;
  // Per mesh first, so that two meshes in one cluster are combined explicitly.
  const perMesh = new Map<string, { clusters: Map<string, SignalValues>; total: SignalValues }>();
  for (const s of series) {
    const signal = s.metric.signal as Signal | undefined;
    if (!signal || !SIGNALS.includes(signal)) continue;
    const mesh = s.metric.mesh ?? "";
    let m = perMesh.get(mesh);
    if (!m) perMesh.set(mesh, (m = { clusters: new Map(), total: empty(grid.length) }));
    let target: SignalValues;
    if (s.metric.scope === "total") {
      target = m.total;
    } else if (s.metric.scope === "cluster") {
      const cluster = s.metric[label] ?? opts.fallbackCluster ?? "unknown";
      let row = m.clusters.get(cluster);
      if (!row) m.clusters.set(cluster, (row = empty(grid.length)));
      target = row;
    } else continue;
    for (const [t, v] of s.values) {
      const i = Math.round((t - start) / step);
      if (i >= 0 && i < grid.length) target[signal][i] = Number.isFinite(v) ? v : null;
    }
  }
  const meshes = [...perMesh.values()];
  if (meshes.length === 1) {
    return {
      source: opts.source,
      perCluster: Boolean(opts.fallbackCluster),
      ...meshes[0]!,
      combinedMeshes: false,
    };
  }
  const clusters = new Map<string, SignalValues>();
  const total = empty(grid.length);
  for (const m of meshes) {
    combineInto(total, m.total);
    for (const [c, v] of m.clusters) {
      const row = clusters.get(c) ?? empty(grid.length);
      combineInto(row, v);
      clusters.set(c, row);
    }
  }
  return {
    source: opts.source,
    perCluster: Boolean(opts.fallbackCluster),
    clusters,
    total,
    combinedMeshes: meshes.length > 1,
  };
}

function withRatio(v: SignalValues): SignalValues & { errorRatio: Values } {
  return {
    ...v,
    // No 5xx series while there is traffic means a 0 % error ratio, not unknown.
    errors: v.errors.map((e, i) => (e === null && v.rps[i] !== null ? 0 : e)),
    errorRatio: v.rps.map((r, i) => {
      if (r === null || r <= 0) return r === 0 ? 0 : null;
      return (v.errors[i] ?? 0) / r;
    }),
  };
}

/**
 * Merges the sources' answers. Each cluster comes from one source: a global source
 * (federating Prometheus, Thanos, Mimir) wins, so its exact total can be kept; a
 * per-cluster source fills in for clusters no global source answered for (e.g. while the
 * global one is down). With one contributing source its own total is kept (exact
 * quantiles); otherwise the total is summed from the chosen clusters and its quantiles are
 * the per-cluster maximum.
 */
export function mergeGoldenSeries(parts: readonly SourceSeries[], length: number): MergedSeries {
  const chosen = new Map<string, { part: SourceSeries; values: SignalValues }>();
  for (const part of parts) {
    for (const [cluster, values] of part.clusters) {
      const have = chosen.get(cluster);
      if (!have || (!part.perCluster && have.part.perCluster))
        chosen.set(cluster, { part, values });
    }
  }
  const contributing = new Set([...chosen.values()].map((c) => c.part));
  const clusters = [...chosen.keys()].sort((a, b) => a.localeCompare(b));
  let total: SignalValues;
  let approximate: boolean;
  const single =
    parts.length === 1 ? parts[0]! : contributing.size === 1 ? [...contributing][0]! : null;
  if (single) {
    total = single.total;
    approximate = single.combinedMeshes;
  } else {
    total = empty(length);
    for (const c of clusters) combineInto(total, chosen.get(c)!.values);
    approximate = clusters.length > 1;
  }
  return {
    clusters,
    byCluster: Object.fromEntries(clusters.map((c) => [c, withRatio(chosen.get(c)!.values)])),
    total: withRatio(total),
    approximateQuantiles: approximate,
  };
}

const RANGE_SECONDS = { "15m": 900, "1h": 3600, "6h": 21_600, "24h": 86_400 } as const;
const DEFAULT_STEP = { "15m": 15, "1h": 30, "6h": 120, "24h": 300 } as const;
/** Most points a chart asks for. */
export const MAX_CHART_POINTS = 1_000;

/** A Prometheus duration like `1m`, `10s`, `1h` in seconds. */
export function durationSeconds(d: string): number {
  const m = /^([0-9]+)(ms|s|m|h)$/.exec(d);
  if (!m) throw new Error(`invalid duration ${d}`);
  const n = Number(m[1]);
  return m[2] === "ms" ? n / 1000 : m[2] === "s" ? n : m[2] === "m" ? n * 60 : n * 3600;
}

/**
 * Range-query parameters for a chart range. `end` is "now" rounded down to 5 s so refreshes
 * within a few seconds share cache entries; the rate window is at least one step, so no
 * sample falls between two points. Null when `step` asks for too many points.
 */
export function chartRange(
  range: keyof typeof RANGE_SECONDS,
  nowMs: number,
  opts: { step?: number; baseWindow: string },
): { start: number; end: number; step: number; window: string } | null {
  const step = opts.step ?? DEFAULT_STEP[range];
  const seconds = RANGE_SECONDS[range];
  if (seconds / step > MAX_CHART_POINTS) return null;
  const end = Math.floor(nowMs / 5000) * 5;
  // Whole steps back from `end`, so the newest point is "now" even when step does not divide the range.
  const start = end - Math.floor(seconds / step) * step;
  return { start, end, step, window: signalsWindow(opts.baseWindow, step) };
}

/**
 * The rate() window of a figure "now": the configured window, widened to the step so no sample
 * falls between two points. With the default step (the 15-minute chart's) it is the window of
 * the service page's latest values and of every figure on the map — one definition for both.
 */
export function signalsWindow(baseWindow: string, step: number = DEFAULT_STEP["15m"]): string {
  return `${Math.max(Math.ceil(durationSeconds(baseWindow)), step)}s`;
}
