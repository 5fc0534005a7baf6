"use client";

import { ArrowRight, Bell, CheckCircle2, TriangleAlert } from "lucide-react";
import Link from "next/link";
import { ALERT_SEVERITIES } from "@/lib/domain/alert-model";
import { useAlertSummary } from "@/components/data/use-alerts";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { RollupBadge, SEVERITY_LABELS, SeverityIcon } from "./alert-badges";

const MAX_SERVICES = 4;

/** The Overview's alert strip: live counts, the worst-off global services, a way in. */
export function OverviewAlerts() {
  const { data, error, isPending } = useAlertSummary();
  const live = data ? data.counts.firing + data.counts.pending : 0;
  return (
    <Card
      className="flex flex-wrap items-center gap-x-5 gap-y-2 px-4 py-3"
      data-testid="overview-alerts"
    >
      <div className="flex items-center gap-2">
        <Bell className="text-subtle size-4" aria-hidden />
        <h2 className="text-fg text-sm font-semibold">Alerts</h2>
      </div>
      {isPending ? (
        <Skeleton className="h-4 w-72" />
      ) : error || !data ? (
        <span className="text-muted text-[13px]">Alerts could not be loaded.</span>
      ) : live === 0 ? (
        <span
          className="text-muted inline-flex items-center gap-1.5 text-[13px]"
          data-testid="overview-alerts-quiet"
        >
          <CheckCircle2 className="size-4 text-emerald-600 dark:text-emerald-400" aria-hidden />
          All quiet: no alert firing or pending
        </span>
      ) : (
        <>
          <ul className="flex items-center gap-3" aria-label="Alerts by severity">
            {ALERT_SEVERITIES.filter((s) => data.counts.bySeverity[s] > 0).map((s) => (
              <li
                key={s}
                className="text-fg inline-flex items-center gap-1 text-[13px] tabular-nums"
              >
                <SeverityIcon severity={s} className="size-3.5" />
                <span className="font-semibold">{data.counts.bySeverity[s]}</span>
                <span className="text-muted">{SEVERITY_LABELS[s].toLowerCase()}</span>
              </li>
            ))}
          </ul>
          {data.services.length > 0 ? (
            <ul
              className="flex flex-wrap items-center gap-2"
              aria-label="Global services with alerts"
            >
              {data.services.slice(0, MAX_SERVICES).map((s) => (
                <li
                  key={`${s.namespace}/${s.name}`}
                  className="inline-flex items-center gap-1.5 text-[13px]"
                >
                  <Link
                    href={`/services/${encodeURIComponent(s.namespace)}/${encodeURIComponent(s.name)}`}
                    className="text-fg font-medium hover:underline"
                  >
                    {s.name}
                  </Link>
                  <RollupBadge rollup={s} />
                </li>
              ))}
              {data.services.length > MAX_SERVICES ? (
                <li className="text-subtle text-xs">+{data.services.length - MAX_SERVICES} more</li>
              ) : null}
            </ul>
          ) : null}
        </>
      )}
      {data && data.errors.length > 0 ? (
        <span
          className="inline-flex items-center gap-1 text-xs text-amber-800 dark:text-amber-300"
          title={data.errors.map((e) => e.message).join("; ")}
        >
          <TriangleAlert className="size-3.5" aria-hidden />
          {data.errors.length} {data.errors.length === 1 ? "source" : "sources"} unavailable
        </span>
      ) : null}
      <Link
        href="/alerts"
        className="text-accent ml-auto inline-flex items-center gap-1 text-[13px] font-medium hover:underline"
      >
        Open alerts
        <ArrowRight className="size-3.5" aria-hidden />
      </Link>
    </Card>
  );
}
