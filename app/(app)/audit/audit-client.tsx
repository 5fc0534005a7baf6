"use client";

import { Download, ScrollText } from "lucide-react";
import { useState } from "react";
import type { AuditVia } from "@/lib/model/audit";
import { AuditTable } from "@/components/audit/audit-table";
import { useAudit } from "@/components/data/use-audit";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Field, Input, Select } from "@/components/ui/field";
import { Pager, type CursorStack } from "@/components/ui/pager";
import { Skeleton } from "@/components/ui/skeleton";

const FAMILIES = [
  ["", "All actions"],
  ["changeset", "Change sets"],
  ["cluster", "Clusters"],
  ["agent", "Agents"],
  ["user", "Users"],
  ["token", "API tokens"],
  ["setting", "Settings"],
  ["metrics", "Metrics sources"],
  ["desired", "Desired state"],
] as const;

type Filters = { actor: string; action: string; via: "" | AuditVia; from: string; to: string };
const NONE: Filters = { actor: "", action: "", via: "", from: "", to: "" };

/** The filters as query parameters (dates as the start of the day, in the reader's zone). */
function searchOf(f: Filters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.actor.trim()) p.set("actor", f.actor.trim());
  if (f.action) p.set("action", f.action);
  if (f.via) p.set("via", f.via);
  if (f.from) p.set("from", new Date(`${f.from}T00:00:00`).toISOString());
  // "To" includes that whole day.
  if (f.to)
    p.set("to", new Date(new Date(`${f.to}T00:00:00`).getTime() + 86_400_000).toISOString());
  return p;
}

export function AuditClient() {
  const [filters, setFilters] = useState<Filters>(NONE);
  const [cursors, setCursors] = useState<CursorStack>([undefined]);
  const base = searchOf(filters);
  const cursor = cursors[cursors.length - 1];
  const search = new URLSearchParams(base);
  if (cursor) search.set("cursor", cursor);
  const audit = useAudit(search.toString());

  function set<K extends keyof Filters>(key: K, value: Filters[K]) {
    setFilters((f) => ({ ...f, [key]: value }));
    setCursors([undefined]);
  }
  const exportHref = (format: "csv" | "json") => {
    const p = new URLSearchParams(base);
    p.set("format", format);
    return `/api/v1/audit/export?${p.toString()}`;
  };

  return (
    <Card className="overflow-hidden">
      <div
        role="search"
        aria-label="Filter audit events"
        className="border-border flex flex-wrap items-end gap-3 border-b px-4 py-3"
      >
        <Field label="Who" htmlFor="audit-actor" className="w-56">
          <Input
            id="audit-actor"
            type="search"
            placeholder="Email, agent@cluster…"
            value={filters.actor}
            onChange={(e) => set("actor", e.target.value)}
          />
        </Field>
        <Field label="Action" htmlFor="audit-action" className="w-44">
          <Select
            id="audit-action"
            value={filters.action}
            onChange={(e) => set("action", e.target.value)}
          >
            {FAMILIES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="From where" htmlFor="audit-via" className="w-40">
          <Select
            id="audit-via"
            value={filters.via}
            onChange={(e) => set("via", e.target.value as Filters["via"])}
          >
            <option value="">Anywhere</option>
            <option value="session">Signed-in session</option>
            <option value="token">API token</option>
            <option value="agent">Agent</option>
            <option value="system">Meridian itself</option>
          </Select>
        </Field>
        <Field label="From" htmlFor="audit-from" className="w-40">
          <Input
            id="audit-from"
            type="date"
            value={filters.from}
            onChange={(e) => set("from", e.target.value)}
          />
        </Field>
        <Field label="To" htmlFor="audit-to" className="w-40">
          <Input
            id="audit-to"
            type="date"
            value={filters.to}
            onChange={(e) => set("to", e.target.value)}
          />
        </Field>
        <div className="ml-auto flex gap-2">
          <a href={exportHref("csv")} download className={buttonClasses("secondary", "md")}>
            <Download className="size-3.5" aria-hidden />
            Export CSV
          </a>
          <a href={exportHref("json")} download className={buttonClasses("secondary", "md")}>
            <Download className="size-3.5" aria-hidden />
            Export JSON
          </a>
        </div>
      </div>
      {audit.error && !audit.data ? (
        <div className="p-4">
          <ErrorPanel
            title="Could not load the audit log"
            message={audit.error.message}
            onRetry={() => void audit.refetch()}
            retrying={audit.isFetching}
          />
        </div>
      ) : !audit.data ? (
        <div className="space-y-2 p-4">
          <Skeleton className="h-6 w-full" />
          <Skeleton className="h-6 w-full" />
          <Skeleton className="h-6 w-full" />
        </div>
      ) : audit.data.items.length === 0 ? (
        <EmptyState icon={<ScrollText aria-hidden />} title="No events match">
          Nothing was recorded with these filters.
        </EmptyState>
      ) : (
        <>
          <AuditTable events={audit.data.items} />
          <Pager
            what="audit events"
            page={cursors.length}
            hasNewer={cursors.length > 1}
            hasOlder={audit.data.nextCursor !== null}
            loading={audit.isFetching}
            onNewer={() => setCursors((c) => c.slice(0, -1))}
            onOlder={() => setCursors((c) => [...c, audit.data!.nextCursor ?? undefined])}
          />
        </>
      )}
    </Card>
  );
}
