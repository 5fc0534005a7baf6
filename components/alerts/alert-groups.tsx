import clsx from "clsx";
import { Globe, Server, CircleHelp } from "lucide-react";
import Link from "next/link";
import type { AlertDto, AlertListDto, ServiceRollupDto } from "@/lib/model/alerts";
import { Card } from "@/components/ui/card";
import { RollupBadge, SeverityIcon } from "./alert-badges";
import { AlertsTable } from "./alerts-table";

type Rollups = AlertListDto["rollups"];

function pick(byId: Map<string, AlertDto>, ids: string[]): AlertDto[] {
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Every cluster the service runs in: affected ones marked, the rest shown as serving. */
function InstanceStrip({ rollup }: { rollup: ServiceRollupDto }) {
  const affected = new Set(rollup.affectedClusters);
  return (
    <ul className="flex flex-wrap items-center gap-1" aria-label="Clusters running the service">
      {rollup.clusters.map((c) => {
        const hit = affected.has(c);
        return (
          <li
            key={c}
            data-testid={`instance-${c}`}
            data-affected={hit ? "true" : "false"}
            title={hit ? `${c}: firing alerts` : `${c}: no firing alert, still serving`}
            className={clsx(
              "inline-flex items-center gap-1 rounded border px-1.5 py-px font-mono text-[11px]",
              hit
                ? "border-red-300 bg-red-50 text-red-800 dark:border-red-500/40 dark:bg-red-500/10 dark:text-red-300"
                : "border-border-strong text-muted",
            )}
          >
            <span
              className={clsx("size-1.5 rounded-full", hit ? "bg-red-500" : "bg-emerald-500")}
              aria-hidden
            />
            {c}
            <span className="sr-only">{hit ? ", alerting" : ", serving"}</span>
          </li>
        );
      })}
    </ul>
  );
}

function GroupHeader({
  icon,
  title,
  meta,
  right,
}: {
  icon: React.ReactNode;
  title: React.ReactNode;
  meta?: React.ReactNode;
  right?: React.ReactNode;
}) {
  return (
    <div className="border-border flex flex-wrap items-center gap-x-3 gap-y-2 border-b px-4 py-2.5">
      <span className="text-subtle [&>svg]:size-4" aria-hidden>
        {icon}
      </span>
      <h3 className="text-fg text-sm font-semibold">{title}</h3>
      {meta}
      {right ? <div className="ml-auto flex flex-wrap items-center gap-2">{right}</div> : null}
    </div>
  );
}

/** One global service's alerts under its rollup. */
export function ServiceAlertGroup({
  rollup,
  alerts,
}: {
  rollup: ServiceRollupDto;
  alerts: AlertDto[];
}) {
  const href = `/services/${encodeURIComponent(rollup.namespace)}/${encodeURIComponent(rollup.name)}`;
  return (
    <Card
      className={clsx(
        "overflow-hidden",
        rollup.status === "outage" && "border-red-300 dark:border-red-500/40",
      )}
      data-testid={`alert-group-${rollup.namespace}-${rollup.name}`}
    >
      <GroupHeader
        icon={<Globe />}
        title={
          <Link href={href} className="hover:underline">
            {rollup.name}
            <span className="text-subtle font-normal">.{rollup.namespace}</span>
          </Link>
        }
        meta={
          <>
            <RollupBadge rollup={rollup} />
            <span className="text-subtle hidden font-mono text-xs lg:inline">
              {rollup.hostname}
            </span>
          </>
        }
        right={<InstanceStrip rollup={rollup} />}
      />
      <AlertsTable alerts={alerts} label={`Alerts of ${rollup.name}.${rollup.namespace}`} />
    </Card>
  );
}

/** Alerts about a cluster itself (agent, staleness, node alerts). */
function ClusterAlertGroup({ cluster, alerts }: { cluster: string; alerts: AlertDto[] }) {
  const worst = alerts[0]?.severity ?? "info";
  return (
    <Card className="overflow-hidden" data-testid={`alert-group-cluster-${cluster}`}>
      <GroupHeader
        icon={<Server />}
        title={
          <Link
            href={`/clusters/${encodeURIComponent(cluster)}`}
            className="font-mono hover:underline"
          >
            {cluster}
          </Link>
        }
        meta={
          <span className="text-subtle inline-flex items-center gap-1 text-xs">
            <SeverityIcon severity={worst} className="size-3.5" />
            {alerts.length} {alerts.length === 1 ? "alert" : "alerts"} about the cluster
          </span>
        }
      />
      <AlertsTable alerts={alerts} label={`Alerts of cluster ${cluster}`} hideCluster />
    </Card>
  );
}

function SectionTitle({ children, count }: { children: React.ReactNode; count: number }) {
  return (
    <div className="mb-2 flex items-baseline gap-2">
      <h2 className="text-fg text-sm font-semibold">{children}</h2>
      <span className="text-subtle text-xs tabular-nums">{count}</span>
    </div>
  );
}

/** Alerts grouped: global services (outages first), then clusters, then the rest. */
export function AlertGroups({ items, rollups }: { items: AlertDto[]; rollups: Rollups }) {
  const byId = new Map(items.map((a) => [a.id, a]));
  const other = pick(byId, rollups.otherIds);
  return (
    <div className="space-y-8">
      {rollups.services.length > 0 ? (
        <section aria-label="Global services with alerts">
          <SectionTitle count={rollups.services.length}>Global services</SectionTitle>
          <div className="space-y-3">
            {rollups.services.map((r) => (
              <ServiceAlertGroup
                key={`${r.namespace}/${r.name}`}
                rollup={r}
                alerts={pick(byId, r.alertIds)}
              />
            ))}
          </div>
        </section>
      ) : null}
      {rollups.clusters.length > 0 ? (
        <section aria-label="Clusters with alerts">
          <SectionTitle count={rollups.clusters.length}>Clusters</SectionTitle>
          <div className="space-y-3">
            {rollups.clusters.map((c) => (
              <ClusterAlertGroup
                key={c.cluster}
                cluster={c.cluster}
                alerts={pick(byId, c.alertIds)}
              />
            ))}
          </div>
        </section>
      ) : null}
      {other.length > 0 ? (
        <section aria-label="Other alerts">
          <SectionTitle count={other.length}>Other</SectionTitle>
          <Card className="overflow-hidden">
            <GroupHeader icon={<CircleHelp />} title="Not tied to a known service or cluster" />
            <AlertsTable alerts={other} label="Other alerts" />
          </Card>
        </section>
      ) : null}
    </div>
  );
}
