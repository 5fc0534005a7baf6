"use client";

import { Info } from "lucide-react";
import { useMemo, useState, type ReactNode } from "react";
import type { ServiceMetricsDto, SignalSeriesDto } from "@/lib/model/metrics";
import { clusterColor, formatMs, formatPercent, formatRate, latest } from "./chart-format";
import { Segmented } from "./range-picker";
import { TimeSeriesChart, type ChartSeries } from "./time-series-chart";

type Configured = Extract<ServiceMetricsDto, { configured: true }>;
const QUANTILES = ["p50", "p95", "p99"] as const;
type Quantile = (typeof QUANTILES)[number];

function toSeries(clusters: string[], s: SignalSeriesDto, scale = 1): ChartSeries[] {
  const scaled = (v: ReadonlyArray<number | null>) =>
    scale === 1 ? v : v.map((x) => (x === null ? null : x * scale));
  return [
    ...clusters.map((c, i) => ({
      key: c,
      label: c,
      color: clusterColor(i),
      values: scaled(s.byCluster[c] ?? []),
    })),
    { key: "__total", label: "Total", color: "var(--fg)", values: scaled(s.total), total: true },
  ];
}

function Panel({
  title,
  value,
  testId,
  extra,
  children,
}: {
  title: string;
  value: string;
  testId: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} data-testid={testId} className="min-w-0">
      <div className="mb-1.5 flex min-h-6 items-center justify-between gap-2">
        <div className="flex items-baseline gap-2">
          <h3 className="text-muted text-xs font-medium">{title}</h3>
          <span
            className="text-fg font-mono text-sm font-semibold tabular-nums"
            data-testid={`${testId}-value`}
          >
            {value}
          </span>
        </div>
        {extra}
      </div>
      {children}
    </section>
  );
}

/** Requests, 5xx error ratio and latency, each per cluster with the total dashed on top. */
export function SignalPanels({ data }: { data: Configured }) {
  const [quantile, setQuantile] = useState<Quantile>("p95");
  const { clusters, signals, timestamps } = data;
  const latencyKey = `${quantile}Ms` as const;
  const rps = useMemo(
    () => toSeries(clusters, signals.requestRate),
    [clusters, signals.requestRate],
  );
  const errors = useMemo(
    () => toSeries(clusters, signals.errorRatio, 100),
    [clusters, signals.errorRatio],
  );
  const latency = useMemo(
    () => toSeries(clusters, signals[latencyKey]),
    [clusters, signals, latencyKey],
  );
  const percent = (v: number) => formatPercent(v / 100);

  return (
    <div className="grid gap-x-6 gap-y-5 px-4 pt-3 pb-4 lg:grid-cols-3">
      <Panel
        title="Requests"
        value={formatRate(latest(signals.requestRate.total))}
        testId="signal-rps"
      >
        <TimeSeriesChart
          timestamps={timestamps}
          series={rps}
          format={formatRate}
          label={`Requests per second per cluster and in total over the last ${data.range}`}
        />
      </Panel>
      <Panel
        title="5xx errors"
        value={formatPercent(latest(signals.errorRatio.total))}
        testId="signal-errors"
      >
        <TimeSeriesChart
          timestamps={timestamps}
          series={errors}
          format={percent}
          label={`Share of 5xx responses per cluster and in total over the last ${data.range}`}
        />
      </Panel>
      <Panel
        title={`Latency ${quantile}`}
        value={formatMs(latest(signals[latencyKey].total))}
        testId="signal-latency"
        extra={
          <div className="flex items-center gap-1.5">
            {data.approximateQuantiles ? (
              <span
                className="text-subtle"
                title="The total is the largest per-cluster value: histograms from different sources or meshes cannot be merged exactly."
              >
                <Info className="size-3.5" aria-label="Total is an upper bound" />
              </span>
            ) : null}
            <Segmented
              value={quantile}
              options={QUANTILES}
              onChange={setQuantile}
              label="Latency quantile"
            />
          </div>
        }
      >
        <TimeSeriesChart
          timestamps={timestamps}
          series={latency}
          format={formatMs}
          label={`${quantile} latency per cluster and in total over the last ${data.range}`}
        />
      </Panel>
    </div>
  );
}
