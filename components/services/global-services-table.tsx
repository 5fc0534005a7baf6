import Link from "next/link";
import type { GlobalServiceDto } from "@/lib/model/inventory";
import { EndpointCount } from "@/components/status/endpoint-count";
import { ServiceAlertBadge } from "@/components/alerts/service-alert-badge";
import { HealthBadge } from "@/components/status/status-badges";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { ClusterChip } from "./cluster-chip";

export function GlobalServicesTable({ services }: { services: GlobalServiceDto[] }) {
  return (
    <Table label="Global services" data-testid="global-services-table">
      <THead>
        <TR>
          <TH>Service</TH>
          <TH className="hidden md:table-cell">Hostname</TH>
          <TH>Clusters</TH>
          <TH className="text-right">Endpoints</TH>
          <TH className="hidden sm:table-cell">Health</TH>
        </TR>
      </THead>
      <TBody>
        {services.map((s) => {
          const allStale = s.clusters.length > 0 && s.clusters.every((c) => c.stale);
          return (
            <TR
              key={s.id}
              data-testid={`global-service-${s.namespace}-${s.name}`}
              className="hover:bg-surface-hover/40"
            >
              <TD>
                <Link
                  href={`/services/${encodeURIComponent(s.namespace)}/${encodeURIComponent(s.name)}`}
                  className="text-fg font-medium hover:underline"
                >
                  {s.name}
                </Link>
                <div className="text-subtle font-mono text-xs">{s.namespace}</div>
                {/* On a phone the Health column is hidden: the badge sits under the name. */}
                <div className="mt-1 sm:hidden">
                  <HealthBadge health={s.health} />
                </div>
              </TD>
              <TD className="text-muted hidden font-mono text-xs md:table-cell">
                {/* Hostnames never break mid-label; a long one is cut, its full text in the title. */}
                <span className="block max-w-72 truncate" title={s.hostname}>
                  {s.hostname}
                </span>
              </TD>
              <TD>
                <div className="flex max-w-xl flex-wrap gap-1">
                  {s.clusters.map((m) => (
                    <ClusterChip key={m.cluster} member={m} />
                  ))}
                </div>
              </TD>
              <TD className="text-right">
                <EndpointCount
                  ready={s.endpoints.ready}
                  total={s.endpoints.total}
                  stale={allStale}
                />
              </TD>
              <TD className="hidden sm:table-cell">
                <div className="flex flex-wrap items-center gap-1.5">
                  <HealthBadge health={s.health} />
                  <ServiceAlertBadge namespace={s.namespace} name={s.name} />
                </div>
              </TD>
            </TR>
          );
        })}
      </TBody>
    </Table>
  );
}
