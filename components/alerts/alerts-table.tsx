import { BellRing, Flame, ShieldCheck } from "lucide-react";
import Link from "next/link";
import type { AlertDto } from "@/lib/model/alerts";
import { RelativeTime } from "@/components/ui/relative-time";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { AlertStateBadge, SeverityBadge } from "./alert-badges";

function SourceList({ sources }: { sources: AlertDto["sources"] }) {
  return (
    <div className="flex flex-col gap-0.5">
      {sources.map((s) => (
        <span
          key={`${s.type}:${s.name}`}
          className="text-muted inline-flex items-center gap-1 text-xs whitespace-nowrap"
          title={
            s.type === "meridian"
              ? "Computed by Meridian from its inventory"
              : `${s.type === "alertmanager" ? "Alertmanager" : "Prometheus"} source ${s.name}`
          }
        >
          {s.type === "alertmanager" ? (
            <BellRing className="size-3" aria-hidden />
          ) : s.type === "prometheus" ? (
            <Flame className="size-3" aria-hidden />
          ) : (
            <ShieldCheck className="size-3" aria-hidden />
          )}
          {s.type === "meridian" ? "Meridian" : s.name}
        </span>
      ))}
    </div>
  );
}

type AlertsTableProps = {
  alerts: AlertDto[];
  label: string;
  /** Leave out the cluster column (a cluster's own group). */
  hideCluster?: boolean;
};

/** Alerts as dense rows: severity, what, where, state, source, since. */
export function AlertsTable({ alerts, label, hideCluster }: AlertsTableProps) {
  return (
    <Table label={label}>
      <THead>
        <TR>
          <TH className="w-24">Severity</TH>
          <TH>Alert</TH>
          {hideCluster ? null : <TH className="w-32">Cluster</TH>}
          <TH className="w-24">State</TH>
          <TH className="w-36">Source</TH>
          <TH className="w-24 text-right">Since</TH>
        </TR>
      </THead>
      <TBody>
        {alerts.map((a) => (
          <TR key={a.id} data-testid={`alert-${a.name}`} data-alert-id={a.id} className="align-top">
            <TD className="pt-2.5">
              <SeverityBadge severity={a.severity} />
            </TD>
            <TD>
              <div className="text-fg font-medium">{a.name}</div>
              <div className="text-muted mt-0.5 text-[13px]">
                {a.summary !== a.name ? a.summary : null}
              </div>
              {a.description ? (
                <div
                  className="text-subtle mt-0.5 line-clamp-2 max-w-3xl text-xs"
                  title={a.description}
                >
                  {a.description}
                </div>
              ) : null}
              {a.unknownService ? (
                <div className="text-subtle mt-0.5 text-xs">
                  Names service <span className="font-mono">{a.unknownService}</span>, which no
                  cluster reports
                </div>
              ) : null}
            </TD>
            {hideCluster ? null : (
              <TD className="pt-2.5">
                {a.cluster ? (
                  <Link
                    href={`/clusters/${encodeURIComponent(a.cluster)}`}
                    className="text-fg font-mono text-xs hover:underline"
                  >
                    {a.cluster}
                  </Link>
                ) : (
                  <span className="text-subtle text-xs" title="The alert names no cluster">
                    all / unknown
                  </span>
                )}
              </TD>
            )}
            <TD className="pt-2.5">
              <AlertStateBadge state={a.state} />
            </TD>
            <TD className="pt-2.5">
              <SourceList sources={a.sources} />
            </TD>
            <TD className="pt-2.5 text-right text-xs whitespace-nowrap">
              <RelativeTime iso={a.activeAt} fallback="—" className="text-muted" />
            </TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
