import Link from "next/link";
import { RotateCcw } from "lucide-react";
import { RelativeTime } from "@/components/ui/relative-time";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import {
  ChangeStatusBadge,
  type ChangeSetStatusName,
  type ClusterChangeStatusName,
} from "./change-status";

export type ChangeSetRow = {
  id: string;
  number: number;
  title: string;
  status: ChangeSetStatusName;
  author: string | null;
  createdAt: string;
  clusters: { cluster: string; status: ClusterChangeStatusName }[];
  rollbackOf: number | null;
};

const DOT: Record<ClusterChangeStatusName, string> = {
  pending: "bg-sky-500 animate-pulse",
  applied: "bg-emerald-500",
  failed: "bg-red-500",
};

/** The change-set history: number, title, status, author, time and the clusters touched. */
export function ChangeSetsTable({ rows }: { rows: ChangeSetRow[] }) {
  return (
    <Table label="Change sets" data-testid="change-sets">
      <THead>
        <TR>
          <TH className="w-16">#</TH>
          <TH>Change</TH>
          <TH>Status</TH>
          <TH>Clusters</TH>
          <TH>Author</TH>
          <TH className="text-right">When</TH>
        </TR>
      </THead>
      <TBody>
        {rows.map((c) => (
          <TR
            key={c.id}
            className="hover:bg-surface-hover/40"
            data-testid={`change-set-${c.number}`}
          >
            <TD className="text-subtle font-mono text-xs tabular-nums">#{c.number}</TD>
            <TD>
              <Link href={`/changes/${c.number}`} className="text-fg font-medium hover:underline">
                {c.title}
              </Link>
              {c.rollbackOf !== null ? (
                <span className="text-subtle ml-2 inline-flex items-center gap-1 text-xs whitespace-nowrap">
                  <RotateCcw className="size-3" aria-hidden />
                  rolls back #{c.rollbackOf}
                </span>
              ) : null}
            </TD>
            <TD>
              <ChangeStatusBadge status={c.status} />
            </TD>
            <TD>
              <span className="flex max-w-md flex-wrap gap-1">
                {c.clusters.length === 0 ? (
                  <span className="text-subtle text-xs">none</span>
                ) : (
                  c.clusters.map((m) => (
                    <span
                      key={m.cluster}
                      title={`${m.cluster}: ${m.status}`}
                      className="border-border-strong text-muted inline-flex items-center gap-1 rounded border px-1.5 py-px font-mono text-[11px] whitespace-nowrap"
                    >
                      <span className={`size-1.5 rounded-full ${DOT[m.status]}`} aria-hidden />
                      {m.cluster}
                      <span className="sr-only">({m.status})</span>
                    </span>
                  ))
                )}
              </span>
            </TD>
            <TD className="text-muted text-xs whitespace-nowrap">{c.author ?? "system"}</TD>
            <TD className="text-muted text-right text-xs whitespace-nowrap">
              <RelativeTime iso={c.createdAt} />
            </TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
