"use client";

import { Activity, Settings2, TriangleAlert } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import type { MetricsRange, ServiceMetricsDto } from "@/lib/model/metrics";
import { METRICS_REFRESH_MS, useServiceMetrics } from "@/components/data/use-metrics";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { TextWithCode } from "@/components/ui/inline-code";
import { Skeleton } from "@/components/ui/skeleton";
import { clusterColor } from "./chart-format";
import { DemoMetricsMissing } from "./demo-metrics-missing";
import { RangePicker } from "./range-picker";
import { SignalPanels } from "./signal-panels";

type Configured = Extract<ServiceMetricsDto, { configured: true }>;

function PanelsSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-4 p-4 lg:grid-cols-3">
      <span className="sr-only">Loading golden signals…</span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="space-y-2">
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-[176px] w-full rounded-md" />
        </div>
      ))}
    </div>
  );
}

/** Amber strip naming each source that failed; the charts show everyone else's data. */
function PartialMarker({ errors }: { errors: Configured["errors"] }) {
  return (
    <div
      role="status"
      data-testid="metrics-partial"
      className="flex items-start gap-2 border-b border-amber-200 bg-amber-50 px-4 py-2 text-xs text-amber-900 dark:border-amber-400/20 dark:bg-amber-500/10 dark:text-amber-200"
    >
      <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden />
      <div>
        <span className="font-medium">Partial data.</span>{" "}
        {errors.map((e, i) => (
          <span key={e.source}>
            {i > 0 ? "; " : null}
            <span className="font-mono">{e.source}</span>:{" "}
            {e.message.replace(/^source \S+ failed: /, "")}
          </span>
        ))}
      </div>
    </div>
  );
}

/** The series: one per cluster or VM site serving the service (the reporting side), named. */
function Legend({ clusters, labels }: { clusters: string[]; labels: Record<string, string> }) {
  return (
    <ul
      className="text-muted flex flex-wrap items-center gap-x-4 gap-y-1 text-xs"
      aria-label="Series"
    >
      <li className="text-subtle">Served by</li>
      {clusters.map((c, i) => (
        <li key={c} className="flex items-center gap-1.5" title={c}>
          <span
            className="h-0.5 w-3.5 rounded"
            style={{ background: clusterColor(i) }}
            aria-hidden
          />
          <span>{labels[c] ?? c}</span>
          {labels[c] && labels[c] !== c ? (
            <span className="text-subtle font-mono text-[11px]">{c}</span>
          ) : null}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <span className="border-fg w-3.5 border-t-2 border-dashed" aria-hidden />
        <span className="text-fg font-medium">Total</span>
      </li>
    </ul>
  );
}

function NotConfigured({
  data,
  demoWithoutPrometheus,
}: {
  data: Extract<ServiceMetricsDto, { configured: false }>;
  demoWithoutPrometheus: boolean;
}) {
  if (demoWithoutPrometheus && data.reason === "no-sources") {
    return (
      <EmptyState
        icon={<Activity aria-hidden />}
        title="Metrics need Prometheus"
        data-testid="metrics-not-configured"
      >
        <p>
          <DemoMetricsMissing />
        </p>
      </EmptyState>
    );
  }
  return (
    <EmptyState
      icon={<Activity aria-hidden />}
      title={
        data.reason === "no-sources"
          ? "Metrics are not configured"
          : "No golden signals for this mesh"
      }
      data-testid="metrics-not-configured"
      actions={
        data.reason === "no-sources" ? (
          <Link href="/settings/metrics" className={buttonClasses("secondary", "sm")}>
            <Settings2 className="size-3.5" aria-hidden />
            Metrics settings
          </Link>
        ) : null
      }
    >
      <p>{data.message}</p>
      {data.hint ? (
        <p className="border-border bg-surface-2 text-muted mt-3 rounded-md border px-3 py-2 text-left text-xs leading-5">
          <TextWithCode text={data.hint} />
        </p>
      ) : null}
    </EmptyState>
  );
}

function hasAnyData(data: Configured): boolean {
  return data.signals.requestRate.total.some((v) => v !== null);
}

/**
 * The golden signals of a global service: request rate, 5xx error rate and latency per
 * cluster and in total, from every configured Prometheus source, refreshed live.
 */
export function GoldenSignalsCard({
  namespace,
  name,
  demoWithoutPrometheus = false,
  clusterLabels = {},
}: {
  namespace: string;
  name: string;
  /** Display names of the clusters and sites, by name (the legend shows the name as a hint). */
  clusterLabels?: Record<string, string>;
  /** The demo runs without Prometheus: say so and how to get it, instead of "configure a source". */
  demoWithoutPrometheus?: boolean;
}) {
  const [range, setRange] = useState<MetricsRange>("15m");
  const metrics = useServiceMetrics(namespace, name, range);
  const data = metrics.data;
  const refresh = Math.round(METRICS_REFRESH_MS[range] / 1000);

  let body;
  if (!data && metrics.isPending) body = <PanelsSkeleton />;
  else if (!data)
    body = (
      <div className="p-4">
        <ErrorPanel
          title="Could not load golden signals"
          message={metrics.error?.message}
          onRetry={() => void metrics.refetch()}
          retrying={metrics.isFetching}
        />
      </div>
    );
  else if (!data.configured)
    body = <NotConfigured data={data} demoWithoutPrometheus={demoWithoutPrometheus} />;
  else if (!hasAnyData(data))
    body = (
      <>
        {data.errors.length ? <PartialMarker errors={data.errors} /> : null}
        <EmptyState
          icon={<Activity aria-hidden />}
          title="No traffic in this range"
          data-testid="metrics-empty"
        >
          {data.errors.length === data.sources.length
            ? "No source answered, so there is nothing to show."
            : `No requests to ${name}.${namespace} were recorded in the last ${range}.`}
        </EmptyState>
      </>
    );
  else
    body = (
      <>
        {data.errors.length ? <PartialMarker errors={data.errors} /> : null}
        <div className="border-border border-b px-4 py-2">
          <Legend clusters={data.clusters} labels={clusterLabels} />
        </div>
        <SignalPanels data={data} />
      </>
    );

  return (
    <Card data-testid="golden-signals" aria-busy={metrics.isFetching}>
      <CardHeader
        title="Golden signals"
        description={
          data?.configured
            ? `Per serving cluster and in total · server-reported, rate over ${data.window} · ${data.sources.length} ${data.sources.length === 1 ? "source" : "sources"} · refreshes every ${refresh} s`
            : "Request rate, 5xx errors and latency per cluster and in total"
        }
        actions={
          <>
            {data?.configured ? (
              <span className="text-subtle flex items-center gap-1.5 text-[11px]" title="Live">
                <span className="relative flex size-2">
                  <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-60 motion-reduce:hidden" />
                  <span className="relative inline-flex size-2 rounded-full bg-emerald-500" />
                </span>
                Live
              </span>
            ) : null}
            <RangePicker value={range} onChange={setRange} disabled={data?.configured === false} />
          </>
        }
      />
      {body}
    </Card>
  );
}
