import Link from "next/link";
import type { ServiceDto } from "@/lib/model/inventory";
import { EndpointCount } from "@/components/status/endpoint-count";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";

type Port = ServiceDto["ports"][number];

/** "9080/TCP" or "80→8080/TCP"; the port's name goes in the title, keeping the column narrow. */
function formatPort(p: Port): string {
  const target = p.targetPort !== undefined && p.targetPort !== p.port ? `→${p.targetPort}` : "";
  return `${p.port}${target}/${p.protocol}`;
}

function Ports({ ports }: { ports: Port[] }) {
  if (ports.length === 0) return <span className="text-subtle">—</span>;
  return (
    <span title={ports.map((p) => `${p.name || "unnamed"}: ${formatPort(p)}`).join("\n")}>
      {ports.map(formatPort).join(", ")}
    </span>
  );
}

/** Compact per-zone chips ("1a 2/2"): the region prefix every zone shares is left out. */
function ZoneCounts({ byZone, stale }: { byZone: ServiceDto["endpointsByZone"]; stale: boolean }) {
  const zones = Object.entries(byZone).sort(([a], [b]) => a.localeCompare(b));
  if (zones.length === 0) return <span className="text-subtle">—</span>;
  const prefix = commonPrefix(zones.map(([z]) => z));
  return (
    <ul className="flex max-w-48 flex-wrap gap-1" aria-label="Endpoints by zone">
      {zones.map(([zone, c]) => (
        <li
          key={zone}
          title={`${zone || "no zone"}: ${c.ready} of ${c.total} endpoints ready`}
          className="border-border bg-surface-2 inline-flex items-center gap-1 rounded border px-1 text-[11px] leading-4 whitespace-nowrap"
        >
          <span className="text-subtle font-mono">
            {zone ? zone.slice(prefix.length) || zone : "—"}
          </span>
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

/** The prefix shared by every zone up to its last "-" (us-east-1a, us-east-1b → "us-east-"), if any. */
function commonPrefix(zones: string[]): string {
  if (zones.length < 2 || zones.some((z) => !z)) return "";
  let prefix = zones[0] ?? "";
  for (const z of zones) while (!z.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix.slice(0, prefix.lastIndexOf("-") + 1);
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
                  <Link
                    href={`/services/${encodeURIComponent(s.namespace)}/${encodeURIComponent(s.name)}`}
                    className="text-fg font-medium hover:underline"
                    title={`Open the global service ${s.namespace}/${s.name}`}
                  >
                    {s.name}
                  </Link>
                  <div
                    className="text-subtle max-w-64 truncate font-mono text-[11px]"
                    title={`Global hostname: ${s.globalHostname}`}
                  >
                    {s.globalHostname}
                  </div>
                </TD>
                <TD>
                  <Badge>{s.type}</Badge>
                </TD>
                <TD className="font-mono text-xs whitespace-nowrap">
                  <Ports ports={s.ports} />
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
