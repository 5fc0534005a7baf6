// Formatting and colours shared by the golden-signal charts.

/** Stable colours per cluster (by position in the sorted cluster list); total is neutral. */
export const CLUSTER_COLORS = [
  "#2563eb",
  "#9333ea",
  "#0d9488",
  "#d97706",
  "#db2777",
  "#65a30d",
  "#0891b2",
  "#dc2626",
] as const;

export const clusterColor = (index: number): string =>
  CLUSTER_COLORS[index % CLUSTER_COLORS.length]!;

/** Requests per second: 0.42/s, 12.3/s, 1.2k/s. */
export function formatRate(v: number | null | undefined): string {
  if (v === null || v === undefined) return "—";
  if (v === 0) return "0/s";
  if (v >= 1000) return `${(v / 1000).toFixed(1)}k/s`;
  if (v >= 100) return `${v.toFixed(0)}/s`;
  if (v >= 10) return `${v.toFixed(1).replace(/\.0$/, "")}/s`;
  if (v >= 1) return `${v.toFixed(1).replace(/\.0$/, "")}/s`;
  return `${v.toFixed(2)}/s`;
}

/** A 0..1 ratio as a percentage with sensible precision. */
export function formatPercent(v: number | null | undefined): string {
  if (v === null || v === undefined) return "—";
  const p = v * 100;
  if (p === 0) return "0%";
  if (p < 0.1) return "<0.1%";
  return `${p < 10 ? p.toFixed(1) : p.toFixed(0)}%`;
}

/** Milliseconds: 4.2 ms, 23 ms, 1.4 s. */
export function formatMs(v: number | null | undefined): string {
  if (v === null || v === undefined) return "—";
  if (v === 0) return "0 ms";
  if (v >= 1000) return `${(v / 1000).toFixed(v >= 10_000 ? 0 : 1)} s`;
  return `${v < 10 ? v.toFixed(1) : v.toFixed(0)} ms`;
}

/** Axis time labels: HH:MM (with the day for ranges over a day). */
export function formatTime(unixSeconds: number, withDay = false): string {
  return new Intl.DateTimeFormat(undefined, {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    ...(withDay ? { month: "short", day: "numeric" } : {}),
  }).format(new Date(unixSeconds * 1000));
}

/** The newest non-null value of a series. */
export function latest(values: ReadonlyArray<number | null> | undefined): number | null {
  if (!values) return null;
  for (let i = values.length - 1; i >= 0; i--) if (values[i] !== null) return values[i]!;
  return null;
}

/**
 * Round y-axis ticks from 0 that cover `max`: steps of 1, 2, 2.5 or 5 × 10ⁿ, about four
 * intervals (recharts' own ticks follow the data maximum, e.g. 0, 0.9, 1.9, 2.9, 3.8).
 */
export function niceTicks(max: number, intervals = 4): number[] {
  const top = Number.isFinite(max) && max > 0 ? max : 1;
  const raw = top / intervals;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * mag >= raw) ?? 10) * mag;
  const ticks: number[] = [];
  for (let v = 0; v < top + step * 0.999; v += step) ticks.push(Math.round(v / step) * step);
  return ticks;
}
