import type { ServiceDto } from "@/lib/api/schemas";
import { EndpointCount } from "@/components/status/endpoint-count";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";

type Port = ServiceDto["ports"][number];

function formatPort(p: Port): string {
  const target = p.targetPort !== undefined && p.targetPort !== p.port ? `→${p.targetPort}` : "";
  return `${p.name ? `${p.name} ` : ""}${p.port}${target}/${p.protocol}`;
}

function ZoneCounts({ byZone, stale }: { byZone: ServiceDto["endpointsByZone"]; stale: boolean }) {
  const zones = Object.entries(byZone).sort(([a], [b]) => a.localeCompare(b));
  if (zones.length === 0) return <span className="text-subtle">—</span>;
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-0.5">
      {zones.map(([zone, c]) => (
        <li key={zone} className="text-xs whitespace-nowrap">
          <span className="text-subtle font-mono">{zone || "no zone"}</span>{" "}
          <EndpointCount
            ready={c.ready}
            total={c.total}
            stale={false}
            className={stale ? "opacity-70" : undefined}
          />
        </li>
      ))}
    </ul>
  );
}

export function ClusterServicesTable({
  services,
  stale,
}: {
  services: ServiceDto[];
  stale: boolean;
}) {
  return (
    <Card className="overflow-hidden">
      <CardHeader
        title={`Services (${services.length})`}
        description={
          stale ? "Last known inventory — the agent is not reporting." : "As reported by the agent."
        }
      />
      {services.length === 0 ? (
        <EmptyState title="No services reported" className="py-8">
          The agent has not reported any Services in this cluster yet.
        </EmptyState>
      ) : (
        <Table label="Services in this cluster" data-testid="cluster-services">
          <THead>
            <TR>
              <TH>Namespace</TH>
              <TH>Name</TH>
              <TH>Type</TH>
              <TH>Ports</TH>
              <TH className="text-right">Endpoints</TH>
              <TH>By zone</TH>
            </TR>
          </THead>
          <TBody>
            {services.map((s) => (
              <TR key={`${s.namespace}/${s.name}`} className="hover:bg-surface-hover/40">
                <TD className="text-muted font-mono text-xs">{s.namespace}</TD>
                <TD>
                  <div className="font-medium">{s.name}</div>
                  <div className="text-subtle font-mono text-[11px]" title="Global hostname">
                    {s.globalHostname}
                  </div>
                </TD>
                <TD>
                  <Badge>{s.type}</Badge>
                </TD>
                <TD className="font-mono text-xs">
                  {s.ports.length === 0 ? (
                    <span className="text-subtle">—</span>
                  ) : (
                    s.ports.map((p) => (
                      <div key={`${p.port}/${p.protocol}`} className="whitespace-nowrap">
                        {formatPort(p)}
                      </div>
                    ))
                  )}
                </TD>
                <TD className="text-right">
                  <EndpointCount
                    ready={s.endpoints.ready}
                    total={s.endpoints.total}
                    stale={stale}
                  />
                </TD>
                <TD>
                  <ZoneCounts byZone={s.endpointsByZone} stale={stale} />
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      )}
    </Card>
  );
}
