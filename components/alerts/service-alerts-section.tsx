"use client";

import { Bell, CheckCircle2, TriangleAlert } from "lucide-react";
import Link from "next/link";
import { useAlerts } from "@/components/data/use-alerts";
import { Card, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { RollupBadge } from "./alert-badges";
import { AlertsTable } from "./alerts-table";

/** The alerts section of a global service page: its rollup and its alerts, live. */
export function ServiceAlertsSection({ namespace, name }: { namespace: string; name: string }) {
  const key = `${namespace}/${name}`;
  const { data, error, isPending } = useAlerts({ globalService: key });
  const rollup = data?.rollups.services.find((s) => s.namespace === namespace && s.name === name);
  return (
    <Card className="overflow-hidden" data-testid="service-alerts">
      <CardHeader
        title={
          <span className="inline-flex items-center gap-2">
            <Bell className="text-subtle size-4" aria-hidden />
            Alerts
            {rollup ? <RollupBadge rollup={rollup} /> : null}
          </span>
        }
        description="Firing and pending alerts for this service in every cluster, and Meridian's fleet checks."
        actions={
          <Link
            href={`/alerts?globalService=${encodeURIComponent(key)}`}
            className="text-accent text-xs font-medium hover:underline"
          >
            All alerts
          </Link>
        }
      />
      {data && data.errors.length > 0 ? (
        <div
          role="status"
          className="flex items-start gap-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-xs text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200"
        >
          <TriangleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          Partial: {data.errors.map((e) => e.message.replace(/^source /, "")).join("; ")}
        </div>
      ) : null}
      {isPending ? (
        <div className="space-y-2 px-4 py-3" role="status">
          <span className="sr-only">Loading alerts…</span>
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      ) : error && !data ? (
        <p role="alert" className="px-4 py-3 text-[13px] text-red-700 dark:text-red-300">
          Alerts could not be loaded: {error.message}
        </p>
      ) : !data || data.items.length === 0 ? (
        <p
          className="text-muted flex items-center gap-1.5 px-4 py-3 text-[13px]"
          data-testid="service-alerts-quiet"
        >
          <CheckCircle2 className="size-4 text-emerald-600 dark:text-emerald-400" aria-hidden />
          No alert for this service in any cluster.
        </p>
      ) : (
        <AlertsTable alerts={data.items} label={`Alerts of ${name}.${namespace}`} />
      )}
    </Card>
  );
}
