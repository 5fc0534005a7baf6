import clsx from "clsx";
import { ChevronRight, CircleSlash, House, MapPin } from "lucide-react";
import { Badge } from "@/components/ui/badge";

export type ServingTarget = {
  cluster: string;
  displayName?: string;
  tier: number;
  healthy: boolean;
  endpoints?: { ready: number; total: number };
  weight?: number;
  local?: boolean;
};

export type ServingRow = {
  consumer: string;
  displayName?: string;
  /** False for a cluster that only exports: its own callers are local traffic, not a consumer. */
  imports: boolean;
  targets: ServingTarget[];
};

/**
 * For each consumer cluster, the clusters that would serve it in order, given current endpoint
 * health: the first healthy target is marked as serving; unhealthy ones are shown skipped.
 */
export function WhoServesWhom({ rows }: { rows: ServingRow[] }) {
  if (rows.length === 0) {
    return (
      <p className="text-subtle px-4 py-6 text-center text-xs" data-testid="serving-empty">
        No consumer cluster imports this service, so nobody is served across clusters yet.
      </p>
    );
  }
  return (
    <ul className="divide-border divide-y" data-testid="who-serves-whom">
      {rows.map((row) => {
        const servingTier = row.targets.find((t) => t.healthy)?.tier;
        return (
          <li
            key={row.consumer}
            className="flex flex-wrap items-center gap-x-3 gap-y-1.5 px-4 py-2"
            data-testid={`serving-${row.consumer}`}
          >
            <span className="text-fg w-40 shrink-0 truncate text-[13px] font-medium">
              {row.displayName || row.consumer}
              <span className="text-subtle block font-mono text-[11px] font-normal">
                {row.consumer}
              </span>
            </span>
            {!row.imports ? (
              <Badge
                tone="neutral"
                icon={<House className="size-3" aria-hidden />}
                title="This cluster exports the service but does not import it: only its own callers use it"
              >
                Local traffic only · does not import
              </Badge>
            ) : null}
            {row.targets.length === 0 ? (
              <Badge tone="danger" icon={<CircleSlash className="size-3" aria-hidden />}>
                No cluster can serve it
              </Badge>
            ) : (
              <ol
                className="flex flex-wrap items-center gap-1"
                aria-label={`Served ${row.consumer} in order`}
              >
                {row.targets.map((t, i) => {
                  const serving = t.healthy && t.tier === servingTier;
                  return (
                    <li key={t.cluster} className="flex items-center gap-1">
                      {i > 0 ? <ChevronRight className="text-subtle size-3" aria-hidden /> : null}
                      <span
                        data-serving={serving ? "true" : undefined}
                        className={clsx(
                          "inline-flex items-center gap-1 rounded-md border px-1.5 py-0.5 text-xs",
                          serving
                            ? "border-emerald-500/60 bg-emerald-50 text-emerald-900 dark:bg-emerald-500/10 dark:text-emerald-200"
                            : t.healthy
                              ? "border-border-strong text-fg"
                              : "border-border text-subtle line-through decoration-red-400/70",
                        )}
                        title={`${t.healthy ? "healthy" : "no ready endpoints — skipped"}, ${t.local ? "local instance" : `tier ${t.tier}`}${t.weight !== undefined ? `, weight ${t.weight}%` : ""}`}
                      >
                        {t.local ? (
                          <span className="text-subtle inline-flex items-center gap-0.5 text-[10px]">
                            <MapPin className="size-3" aria-hidden />
                            local
                          </span>
                        ) : (
                          <span className="text-subtle font-mono text-[10px]">T{t.tier}</span>
                        )}
                        {t.displayName || t.cluster}
                        {t.endpoints ? (
                          <span className="text-subtle tabular-nums">
                            {t.endpoints.ready}/{t.endpoints.total}
                          </span>
                        ) : null}
                        {t.weight !== undefined ? (
                          <span className="text-subtle tabular-nums">{t.weight}%</span>
                        ) : null}
                        {serving ? <span className="sr-only">(serving)</span> : null}
                        {!t.healthy ? <span className="sr-only">(unhealthy, skipped)</span> : null}
                      </span>
                    </li>
                  );
                })}
              </ol>
            )}
          </li>
        );
      })}
    </ul>
  );
}
