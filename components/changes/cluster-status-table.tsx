import type { ResourceCondition } from "@/lib/agent-protocol/messages";
import { ExportConditions } from "@/components/global-service/export-conditions";
import { RelativeTime } from "@/components/ui/relative-time";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import Link from "next/link";
import { ChangeStatusBadge, type ClusterChangeStatusName } from "./change-status";

export type ClusterChangeRow = {
  cluster: string;
  status: ClusterChangeStatusName;
  generation: number;
  message: string;
  updatedAt: string | null;
  /** ServiceExport conditions of the changed services in this cluster (MCS API). */
  exportConditions?: { service: string; conditions: ResourceCondition[] }[];
};

/** Per-cluster progress of a change set: pending → applied, or failed with the API's message. */
export function ClusterStatusTable({ rows }: { rows: ClusterChangeRow[] }) {
  return (
    <Table label="Cluster status" data-testid="change-set-clusters">
      <THead>
        <TR>
          <TH>Cluster</TH>
          <TH>Status</TH>
          <TH className="text-right">Generation</TH>
          <TH>Message</TH>
          <TH className="text-right">Updated</TH>
        </TR>
      </THead>
      <TBody>
        {rows.map((r) => (
          <TR key={r.cluster} data-testid={`change-cluster-${r.cluster}`}>
            <TD>
              <Link
                href={`/clusters/${encodeURIComponent(r.cluster)}`}
                className="text-fg font-mono text-xs font-medium hover:underline"
              >
                {r.cluster}
              </Link>
            </TD>
            <TD>
              <ChangeStatusBadge status={r.status} data-testid={`cluster-status-${r.cluster}`} />
            </TD>
            <TD className="text-muted text-right font-mono text-xs tabular-nums">{r.generation}</TD>
            <TD className="max-w-xl text-xs">
              {r.message ? (
                <span
                  className={
                    r.status === "failed"
                      ? "font-mono break-words text-red-700 dark:text-red-300"
                      : "text-muted break-words"
                  }
                >
                  {r.message}
                </span>
              ) : (
                <span className="text-subtle">
                  {r.status === "pending" ? "Waiting for the agent…" : "—"}
                </span>
              )}
              {r.exportConditions?.map((e) => (
                <div key={e.service} className="mt-1 flex flex-wrap items-center gap-1">
                  <span className="text-muted font-mono">{e.service}</span>
                  <ExportConditions conditions={e.conditions} />
                </div>
              ))}
            </TD>
            <TD className="text-muted text-right text-xs">
              <RelativeTime iso={r.updatedAt} />
            </TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
