import { formatPercent, formatRate } from "@/components/metrics/chart-format";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";

/** One observed call across clusters to this service (lib/services/topology-default-service.ts). */
export type TrafficRow = {
  sourceCluster: string;
  sourceName: string;
  destinationCluster: string;
  destinationName: string;
  requestRate: number;
  errorRate: number;
  unmanaged: boolean;
};

/**
 * Observed versus intended for one global service: the calls seen crossing clusters to it,
 * each marked managed (an import explains it) or unmanaged (it bypasses the intent).
 */
export function CrossClusterTraffic({
  rows,
  window,
}: {
  rows: TrafficRow[];
  /** The rate window, or null when no metrics source answers. */
  window: string | null;
}) {
  const unmanaged = rows.filter((r) => r.unmanaged).length;
  return (
    <Card data-testid="cross-cluster-traffic">
      <CardHeader
        title="Traffic across clusters"
        description={
          window
            ? `Calls observed between clusters, server-reported, rate over ${window}. Managed calls follow an import; unmanaged ones bypass the intent.`
            : "Needs a metrics source: calls between clusters are read from the meshes' metrics."
        }
        actions={
          unmanaged > 0 ? (
            <Badge tone="warning" data-testid="unmanaged-count">
              {unmanaged} unmanaged
            </Badge>
          ) : null
        }
      />
      {window && rows.length === 0 ? (
        <p className="text-muted px-4 pb-4 text-sm">No calls to it cross clusters.</p>
      ) : null}
      {rows.length > 0 ? (
        <Table label="Calls observed between clusters">
          <THead>
            <TR>
              <TH>From</TH>
              <TH>To</TH>
              <TH className="text-right">Requests</TH>
              <TH className="text-right">5xx</TH>
              <TH>Intent</TH>
            </TR>
          </THead>
          <TBody>
            {rows.map((r) => (
              <TR
                key={`${r.sourceCluster}>${r.destinationCluster}`}
                data-testid={`traffic-${r.sourceCluster}-${r.destinationCluster}`}
              >
                <TD>
                  <span className="text-fg">{r.sourceName}</span>
                  <div className="text-subtle font-mono text-xs">{r.sourceCluster}</div>
                </TD>
                <TD>
                  <span className="text-fg">{r.destinationName}</span>
                  <div className="text-subtle font-mono text-xs">{r.destinationCluster}</div>
                </TD>
                <TD className="text-right tabular-nums">{formatRate(r.requestRate)}</TD>
                <TD className="text-right tabular-nums">{formatPercent(r.errorRate)}</TD>
                <TD>
                  {r.unmanaged ? (
                    <Badge tone="warning">unmanaged: no import</Badge>
                  ) : (
                    <Badge tone="info">imported</Badge>
                  )}
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      ) : null}
    </Card>
  );
}
