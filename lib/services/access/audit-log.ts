import "server-only";
import {
  AUDIT_EXPORT_MAX,
  type AuditEventDto,
  type AuditExportQuery,
  type AuditPage,
  type AuditQuery,
  type AuditVia,
} from "@/lib/model/audit";
import { pageOf } from "@/lib/model/paging";
import { listAuditEvents, type AuditFilter } from "@/lib/store/audit";
import { pool } from "@/lib/store/transaction";

// The audit page and its export: filters, cursor paging, CSV or JSON.

const ACTOR_TYPE: Record<AuditVia, string> = {
  session: "user",
  token: "token",
  agent: "agent",
  system: "system",
};

function viaOf(actorType: string): AuditVia {
  return actorType === "user"
    ? "session"
    : actorType === "token" || actorType === "agent"
      ? actorType
      : "system";
}

function filterOf(q: Omit<AuditQuery, "limit" | "cursor">): AuditFilter {
  return {
    actor: q.actor,
    action: q.action,
    targetType: q.targetType,
    actorType: q.via ? ACTOR_TYPE[q.via] : undefined,
    from: q.from ? new Date(q.from) : undefined,
    to: q.to ? new Date(q.to) : undefined,
  };
}

type Row = Awaited<ReturnType<typeof listAuditEvents>>[number];

function toDto(r: Row): AuditEventDto {
  return {
    id: String(r.id),
    at: r.at.toISOString(),
    via: viaOf(r.actorType),
    actor: { id: r.actorId, label: r.actorLabel },
    action: r.action,
    target: { type: r.targetType, id: r.targetId },
    data:
      r.data && typeof r.data === "object" && !Array.isArray(r.data)
        ? (r.data as Record<string, unknown>)
        : {},
  };
}

/** One page of the audit trail, newest first. */
export async function listAudit(q: AuditQuery): Promise<AuditPage> {
  const rows = await listAuditEvents(
    pool(),
    { ...filterOf(q), beforeId: q.cursor ? BigInt(q.cursor) : undefined },
    q.limit + 1,
  );
  return pageOf(rows.map(toDto), q.limit, (last) => last.id);
}

/** A CSV field: quoted when it holds a comma, quote or line break; formulas defused. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Every matching event (up to the export cap) as a CSV or JSON file body. */
export async function exportAudit(
  q: AuditExportQuery,
): Promise<{ body: string; contentType: string; filename: string; truncated: boolean }> {
  const rows = await listAuditEvents(pool(), filterOf(q), AUDIT_EXPORT_MAX + 1);
  const items = rows.slice(0, AUDIT_EXPORT_MAX).map(toDto);
  const truncated = rows.length > AUDIT_EXPORT_MAX;
  const stamp = new Date().toISOString().slice(0, 10);
  if (q.format === "json")
    return {
      body: JSON.stringify({ items, truncated }, null, 2),
      contentType: "application/json",
      filename: `meridian-audit-${stamp}.json`,
      truncated,
    };
  const header = ["id", "at", "via", "actor", "action", "targetType", "targetId", "data"];
  const lines = items.map((e) =>
    [e.id, e.at, e.via, e.actor.label, e.action, e.target.type, e.target.id, JSON.stringify(e.data)]
      .map(csvField)
      .join(","),
  );
  return {
    body: [header.join(","), ...lines].join("\r\n") + "\r\n",
    contentType: "text/csv; charset=utf-8",
    filename: `meridian-audit-${stamp}.csv`,
    truncated,
  };
}
