import Link from "next/link";
import type { GlobalServiceDto } from "@/lib/model/inventory";
import { MeshBadges } from "@/components/mesh/mesh-badge";
import { EndpointCount } from "@/components/status/endpoint-count";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { ExportConditions } from "./export-conditions";

/** The clusters a global service runs in: mesh, endpoints, and whether each exports or imports it. */
export function MembersTable({ service }: { service: GlobalServiceDto }) {
  return (
    <Card>
      <CardHeader
        title="Clusters"
        description="Where a Service of this namespace and name runs. Nothing is shared until it is exported."
      />
      <Table label="Clusters running this service" data-testid="global-service-members">
        <THead>
          <TR>
            <TH>Cluster</TH>
            <TH>Region</TH>
            <TH>Mesh</TH>
            <TH className="text-right">Endpoints</TH>
            <TH>Sharing</TH>
          </TR>
        </THead>
        <TBody>
          {service.clusters.map((m) => (
            <TR key={m.cluster} data-testid={`member-${m.cluster}`}>
              <TD>
                <Link
                  href={`/clusters/${encodeURIComponent(m.cluster)}`}
                  className="text-fg font-medium hover:underline"
                >
                  {m.displayName || m.cluster}
                </Link>
                <div className="text-subtle font-mono text-xs">{m.cluster}</div>
              </TD>
              <TD className="text-muted text-xs">{m.region}</TD>
              <TD>
                <MeshBadges meshes={m.meshes.map((type) => ({ type }))} />
              </TD>
              <TD className="text-right">
                <EndpointCount
                  ready={m.endpoints.ready}
                  total={m.endpoints.total}
                  stale={m.stale}
                />
              </TD>
              <TD>
                <div className="flex flex-wrap gap-1">
                  {m.exported ? <Badge tone="info">exported</Badge> : null}
                  {m.exported && m.exportConditions ? (
                    <ExportConditions conditions={m.exportConditions} />
                  ) : null}
                  {m.imported ? <Badge tone="neutral">imported</Badge> : null}
                  {!m.exported && !m.imported ? (
                    <span className="text-subtle text-xs">cluster-local</span>
                  ) : null}
                </div>
              </TD>
            </TR>
          ))}
        </TBody>
      </Table>
    </Card>
  );
}
