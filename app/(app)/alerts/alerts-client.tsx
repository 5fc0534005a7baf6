"use client";

import clsx from "clsx";
import { BellRing, CheckCircle2, Flame, RefreshCw, SearchX, ShieldCheck } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import type { UnknownFilter } from "@/lib/domain/unknown-filters";
import type { AlertListDto, AlertQueryInput } from "@/lib/model/alerts";
import { countAlerts } from "@/lib/domain/alert-filter";
import { ALERT_SEVERITIES } from "@/lib/domain/alert-model";
import { SEVERITY_LABELS, SeverityIcon } from "@/components/alerts/alert-badges";
import {
  AlertFilters,
  EMPTY_ALERT_FILTERS,
  type AlertFilterValues,
} from "@/components/alerts/alert-filters";
import { AlertGroups } from "@/components/alerts/alert-groups";
import type { ClusterOption } from "@/components/filters/cluster-select";
import { FilterNotice } from "@/components/filters/filter-notice";
import { alertSearch, ALERTS_REFRESH_MS, useAlerts } from "@/components/data/use-alerts";
import { formatRelative } from "@/components/format/time";
import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";

type AlertsClientProps = {
  initialQuery: AlertQueryInput;
  initialData: AlertListDto;
  /** Filter values from the URL that name nothing, dropped by the server. */
  unknownFilters: UnknownFilter[];
  clusters: ClusterOption[];
  services: string[];
};

const toValues = (q: AlertQueryInput): AlertFilterValues => ({ ...EMPTY_ALERT_FILTERS, ...q });
const toQuery = (v: AlertFilterValues): AlertQueryInput =>
  Object.fromEntries(Object.entries(v).filter(([, value]) => value)) as AlertQueryInput;

/** Re-renders every few seconds so "updated 10 s ago" stays true. */
function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}

function LiveStatus({
  updatedAt,
  fetching,
  onRefresh,
}: {
  updatedAt: number;
  fetching: boolean;
  onRefresh: () => void;
}) {
  const now = useNow(5_000);
  const age = Math.max(0, Math.round((now - updatedAt) / 1000));
  return (
    <div className="flex items-center gap-3">
      <span className="text-subtle inline-flex items-center gap-1.5 text-xs" aria-live="polite">
        <span className="relative flex size-2" aria-hidden>
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-60 motion-reduce:animate-none" />
          <span className="relative inline-flex size-2 rounded-full bg-emerald-500" />
        </span>
        Live · updated{" "}
        {age < 5
          ? "just now"
          : age < 90
            ? `${age} s ago`
            : formatRelative(new Date(updatedAt).toISOString())}
        <span className="hidden sm:inline">· every {ALERTS_REFRESH_MS / 1000} s</span>
      </span>
      <Button size="sm" onClick={onRefresh} loading={fetching} aria-label="Refresh alerts">
        {fetching ? null : <RefreshCw className="size-3.5" aria-hidden />}
        Refresh
      </Button>
    </div>
  );
}

function Counters({ data }: { data: AlertListDto }) {
  const counts = countAlerts(data.items);
  const outages = data.rollups.services.filter((s) => s.status === "outage").length;
  const degraded = data.rollups.services.filter((s) => s.status === "degraded").length;
  const cell = "border-border bg-surface rounded-lg border px-3 py-2.5 shadow-xs";
  return (
    <section aria-label="Alert counts" className="grid grid-cols-3 gap-2 md:grid-cols-6">
      {ALERT_SEVERITIES.map((s) => (
        <div key={s} className={cell} data-testid={`count-${s}`}>
          <div className="text-muted flex items-center gap-1.5 text-xs font-medium">
            <SeverityIcon severity={s} className="size-3.5" />
            {SEVERITY_LABELS[s]}
          </div>
          <div
            className={clsx(
              "mt-0.5 text-xl font-semibold tabular-nums",
              counts.bySeverity[s] ? "text-fg" : "text-subtle",
            )}
          >
            {counts.bySeverity[s]}
          </div>
        </div>
      ))}
      <div
        className={clsx(cell, outages > 0 && "border-red-300 dark:border-red-500/40")}
        data-testid="count-outage"
      >
        <div className="text-muted text-xs font-medium">Services in outage</div>
        <div
          className={clsx(
            "mt-0.5 text-xl font-semibold tabular-nums",
            outages ? "text-red-700 dark:text-red-300" : "text-subtle",
          )}
        >
          {outages}
        </div>
      </div>
      <div
        className={clsx(cell, degraded > 0 && "border-amber-300 dark:border-amber-500/40")}
        data-testid="count-degraded"
      >
        <div className="text-muted text-xs font-medium">Degraded, still served</div>
        <div
          className={clsx(
            "mt-0.5 text-xl font-semibold tabular-nums",
            degraded ? "text-amber-800 dark:text-amber-300" : "text-subtle",
          )}
        >
          {degraded}
        </div>
      </div>
    </section>
  );
}

/** Every source with its state, so a quiet list is never mistaken for a healthy one. */
function Sources({ data }: { data: AlertListDto }) {
  return (
    <div
      className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs"
      data-testid="alert-sources"
    >
      <span className="text-subtle">Sources</span>
      {data.sources.map((s) => (
        <span
          key={s.name}
          className={clsx(
            "inline-flex items-center gap-1",
            s.ok ? "text-muted" : "text-red-700 dark:text-red-300",
          )}
          title={
            s.ok
              ? `${s.alerts} alerts${s.truncated ? " (cut at the limit)" : ""}`
              : "Failed: see the notice above"
          }
          data-testid={`source-${s.name}`}
          data-ok={s.ok ? "true" : "false"}
        >
          {s.type === "meridian" ? (
            <ShieldCheck className="size-3" aria-hidden />
          ) : s.type === "alertmanager" ? (
            <BellRing className="size-3" aria-hidden />
          ) : (
            <Flame className="size-3" aria-hidden />
          )}
          {s.type === "meridian" ? "Meridian fleet checks" : s.name}
          <span
            className={clsx("size-1.5 rounded-full", s.ok ? "bg-emerald-500" : "bg-red-500")}
            aria-hidden
          />
          <span className="sr-only">{s.ok ? "ok" : "failed"}</span>
        </span>
      ))}
      {data.sources.length === 1 ? (
        <span className="text-subtle">
          · no Prometheus or Alertmanager source configured: only fleet checks run
        </span>
      ) : null}
    </div>
  );
}

function LoadingGroups() {
  return (
    <div role="status" aria-live="polite" className="space-y-3">
      <span className="sr-only">Loading alerts…</span>
      {Array.from({ length: 3 }, (_, i) => (
        <Card key={i} className="space-y-3 px-4 py-3">
          <Skeleton className="h-4 w-56" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </Card>
      ))}
    </div>
  );
}

export function AlertsClient({
  initialQuery,
  initialData,
  unknownFilters,
  clusters,
  services,
}: AlertsClientProps) {
  const [values, setValues] = useState<AlertFilterValues>(() => toValues(initialQuery));
  const query = useMemo(() => toQuery(values), [values]);
  const search = alertSearch(query);
  const initialSearch = alertSearch(initialQuery);
  const { data, error, isPending, isFetching, isPlaceholderData, dataUpdatedAt, refetch } =
    useAlerts(query, search === initialSearch ? initialData : undefined);

  // Filters live in the URL so a view can be shared; no server round trip.
  useEffect(() => {
    const url = `${window.location.pathname}${search ? `?${search}` : ""}`;
    if (url !== `${window.location.pathname}${window.location.search}`)
      window.history.replaceState(null, "", url);
  }, [search]);

  const empty = data && data.items.length === 0;
  return (
    <>
      <PageHeader
        title="Alerts"
        description="Prometheus, Alertmanager and Meridian fleet checks, rolled up per global service."
        actions={
          data ? (
            <LiveStatus
              updatedAt={dataUpdatedAt}
              fetching={isFetching}
              onRefresh={() => void refetch()}
            />
          ) : null
        }
      />
      <div className="space-y-4">
        <FilterNotice
          shape="box"
          unknown={search === initialSearch ? unknownFilters : []}
          showing={
            Object.keys(initialQuery).length > 0
              ? "every alert that matches the other filters"
              : "every alert"
          }
        />
        {data ? <Counters data={data} /> : null}
        {data && data.errors.length > 0 ? (
          <Banner tone="warning" shape="box" data-testid="alerts-partial">
            <span className="font-medium">Partial results</span> — alerts from{" "}
            {data.errors.length === 1 ? "one source are" : `${data.errors.length} sources are`}{" "}
            missing: {data.errors.map((e) => e.message.replace(/^source /, "")).join("; ")}. The
            other sources are shown.
          </Banner>
        ) : null}
        <Card className="flex flex-col gap-2.5 px-4 py-3">
          <AlertFilters
            values={values}
            clusters={clusters}
            services={services}
            onChange={setValues}
          />
          {data ? <Sources data={data} /> : null}
        </Card>

        {error && !data ? (
          <ErrorPanel
            title="Could not load alerts"
            message={error.message}
            onRetry={() => void refetch()}
            retrying={isFetching}
          />
        ) : isPending || !data ? (
          <LoadingGroups />
        ) : empty ? (
          <Card>
            {search ? (
              <EmptyState
                icon={<SearchX aria-hidden />}
                title="No alerts match these filters"
                data-testid="alerts-empty"
                actions={
                  <Button onClick={() => setValues(EMPTY_ALERT_FILTERS)}>Clear filters</Button>
                }
              >
                Other alerts may be active: clear the filters to see every alert of the fleet.
              </EmptyState>
            ) : (
              <EmptyState
                icon={
                  <CheckCircle2 aria-hidden className="text-emerald-600 dark:text-emerald-400" />
                }
                title="All quiet"
                data-testid="alerts-empty"
              >
                No alert is firing or pending. Meridian keeps checking agents, exports, trust roots
                and failover targets
                {data.sources.length > 1 ? ", and every configured source," : ""} every{" "}
                {ALERTS_REFRESH_MS / 1000} seconds.
              </EmptyState>
            )}
          </Card>
        ) : (
          <div className={clsx("transition-opacity", isPlaceholderData && "opacity-60")}>
            {error ? (
              <p role="alert" className="mb-3 text-[13px] text-red-700 dark:text-red-300">
                Refresh failed: {error.message}. Showing the previous alerts.
              </p>
            ) : null}
            <AlertGroups items={data.items} rollups={data.rollups} />
          </div>
        )}
      </div>
    </>
  );
}
