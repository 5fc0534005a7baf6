import Link from "next/link";
import type { AuditEventDto, AuditVia } from "@/lib/model/audit";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { RelativeTime } from "@/components/ui/relative-time";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { formatAbsolute } from "@/components/format/time";

const VIA: Record<AuditVia, { label: string; tone: BadgeTone }> = {
  session: { label: "Session", tone: "neutral" },
  token: { label: "API token", tone: "info" },
  agent: { label: "Agent", tone: "accent" },
  system: { label: "Meridian", tone: "neutral" },
};

/** The target as a link where it has a page of its own; a user by the email recorded. */
function Target({ type, id, data }: { type: string; id: string; data: Record<string, unknown> }) {
  const href =
    type === "changeset"
      ? `/changes/${encodeURIComponent(id)}`
      : type === "cluster"
        ? `/clusters/${encodeURIComponent(id)}`
        : null;
  const text =
    type === "changeset"
      ? `change set #${id}`
      : type === "user" && typeof data.email === "string"
        ? `user ${data.email}`
        : `${type} ${id}`;
  return href ? (
    <Link href={href} className="text-accent hover:underline">
      {text}
    </Link>
  ) : (
    <span className="[overflow-wrap:anywhere]">{text}</span>
  );
}

/** The recorded details, one `key: value` per line (JSON for nested values). */
function Details({ data }: { data: Record<string, unknown> }) {
  const entries = Object.entries(data);
  if (!entries.length) return <span className="text-subtle">—</span>;
  return (
    <dl className="text-muted space-y-0.5 font-mono text-[11px]">
      {entries.map(([k, v]) => (
        <div key={k} className="flex gap-1">
          <dt className="text-subtle shrink-0">{k}:</dt>
          <dd className="break-all">{typeof v === "string" ? v : JSON.stringify(v)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function AuditTable({ events }: { events: AuditEventDto[] }) {
  return (
    <Table label="Audit events" data-testid="audit-table">
      <THead>
        <TR>
          <TH>When</TH>
          <TH>Who</TH>
          <TH>From</TH>
          <TH>Action</TH>
          <TH>Target</TH>
          <TH>Details</TH>
        </TR>
      </THead>
      <TBody>
        {events.map((e) => (
          <TR key={e.id} data-testid={`audit-row-${e.id}`}>
            <TD className="whitespace-nowrap">
              <div className="text-fg" suppressHydrationWarning>
                {formatAbsolute(e.at)}
              </div>
              <RelativeTime iso={e.at} className="text-subtle text-xs" />
            </TD>
            <TD className="max-w-64 [overflow-wrap:anywhere]">{e.actor.label || "—"}</TD>
            <TD>
              <Badge tone={VIA[e.via].tone}>{VIA[e.via].label}</Badge>
            </TD>
            <TD className="font-mono text-xs whitespace-nowrap">{e.action}</TD>
            <TD className="text-[13px]">
              <Target type={e.target.type} id={e.target.id} data={e.data} />
            </TD>
            <TD className="min-w-48">
              <Details data={e.data} />
            </TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
