"use client";

import { useMemo } from "react";
import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { formatTime, niceTicks } from "./chart-format";

/** One line: a cluster or the total. */
export interface ChartSeries {
  key: string;
  label: string;
  color: string;
  values: ReadonlyArray<number | null>;
  /** The total: drawn dashed and on top. */
  total?: boolean;
}

type Row = Record<string, number | null> & { t: number };

type TimeSeriesChartProps = {
  timestamps: readonly number[];
  series: readonly ChartSeries[];
  format: (v: number) => string;
  /** Accessible description of what the chart shows. */
  label: string;
  height?: number;
  /** Draw the y axis from 0 (rates, ratios) rather than fitting the data. */
  zeroBased?: boolean;
};

function ChartTooltip({
  active,
  payload,
  label,
  format,
  series,
}: {
  active?: boolean;
  payload?: ReadonlyArray<{ dataKey?: unknown; value?: unknown }>;
  label?: unknown;
  format: (v: number) => string;
  series: readonly ChartSeries[];
}) {
  if (!active || !payload?.length) return null;
  const byKey = new Map(payload.map((p) => [String(p.dataKey), p.value]));
  return (
    <div className="border-border bg-surface rounded-md border px-2.5 py-1.5 text-xs shadow-md">
      <div className="text-subtle mb-1 font-mono">{formatTime(Number(label), true)}</div>
      <table>
        <tbody>
          {series.map((s) => {
            const v = byKey.get(s.key);
            return (
              <tr key={s.key}>
                <td className="pr-3">
                  <span
                    className="mr-1.5 inline-block h-0.5 w-3 align-middle"
                    style={{ background: s.color }}
                  />
                  <span className={s.total ? "text-fg font-medium" : "text-muted"}>{s.label}</span>
                </td>
                <td className="text-fg text-right font-mono tabular-nums">
                  {typeof v === "number" ? format(v) : "—"}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A compact multi-line time series (recharts). Animation is off, so a refresh redraws in
 * place instead of re-animating, and gaps (no samples) stay gaps.
 */
export function TimeSeriesChart({
  timestamps,
  series,
  format,
  label,
  height = 176,
  zeroBased = true,
}: TimeSeriesChartProps) {
  const rows = useMemo<Row[]>(
    () =>
      timestamps.map((t, i) => {
        const row: Row = { t };
        for (const s of series) row[s.key] = s.values[i] ?? null;
        return row;
      }),
    [timestamps, series],
  );
  const ticks = useMemo(() => {
    if (!zeroBased) return undefined;
    let max = 0;
    for (const s of series) for (const v of s.values) if (v !== null && v > max) max = v;
    return niceTicks(max);
  }, [series, zeroBased]);
  const span = timestamps.length > 1 ? timestamps.at(-1)! - timestamps[0]! : 0;
  const withDay = span > 86_400 / 2;
  // Totals last, so they are drawn above the clusters.
  const ordered = [...series].sort((a, b) => Number(Boolean(a.total)) - Number(Boolean(b.total)));

  return (
    <div role="img" aria-label={label} style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={rows} margin={{ top: 6, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="var(--border)" strokeDasharray="2 4" vertical={false} />
          <XAxis
            dataKey="t"
            type="number"
            scale="time"
            domain={["dataMin", "dataMax"]}
            tickFormatter={(t: number) => formatTime(t, withDay)}
            tick={{ fill: "var(--subtle)", fontSize: 10 }}
            tickLine={false}
            axisLine={{ stroke: "var(--border)" }}
            minTickGap={48}
          />
          <YAxis
            width={52}
            tickFormatter={(v: number) => format(v)}
            tick={{ fill: "var(--subtle)", fontSize: 10 }}
            tickLine={false}
            axisLine={false}
            domain={ticks ? [0, ticks.at(-1)!] : ["auto", "auto"]}
            ticks={ticks}
            interval={0}
            allowDecimals
          />
          <Tooltip
            content={(props) => (
              <ChartTooltip
                active={props.active}
                payload={props.payload}
                label={props.label}
                format={format}
                series={series}
              />
            )}
            cursor={{ stroke: "var(--border-strong)" }}
            isAnimationActive={false}
          />
          {ordered.map((s) => (
            <Line
              key={s.key}
              dataKey={s.key}
              name={s.label}
              type="linear"
              stroke={s.color}
              strokeWidth={s.total ? 2 : 1.5}
              strokeDasharray={s.total ? "5 3" : undefined}
              dot={false}
              activeDot={{ r: 3 }}
              connectNulls={false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
