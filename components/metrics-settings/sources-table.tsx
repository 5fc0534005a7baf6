"use client";

import { CircleCheck, CircleX, Pencil, PlugZap, Trash2 } from "lucide-react";
import type { MetricsSourceDto, SourceTestResult } from "@/lib/model/metrics";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";

type SourcesTableProps = {
  sources: MetricsSourceDto[];
  canEdit: boolean;
  /** Latest connection test per source id. */
  results: Record<string, SourceTestResult | "pending">;
  onEdit: (s: MetricsSourceDto) => void;
  onDelete: (s: MetricsSourceDto) => void;
  onTest: (s: MetricsSourceDto) => void;
};

function TestResult({ result }: { result: SourceTestResult | "pending" | undefined }) {
  if (!result) return <span className="text-subtle text-xs">—</span>;
  if (result === "pending") return <span className="text-subtle text-xs">Testing…</span>;
  return (
    <span
      className={
        result.ok
          ? "flex items-start gap-1 text-xs text-emerald-700 dark:text-emerald-400"
          : "flex items-start gap-1 text-xs text-red-700 dark:text-red-300"
      }
      data-testid="source-test-result"
    >
      {result.ok ? (
        <CircleCheck className="mt-px size-3.5 shrink-0" aria-hidden />
      ) : (
        <CircleX className="mt-px size-3.5 shrink-0" aria-hidden />
      )}
      <span>
        {result.message}
        {result.ok ? (
          <span className="text-subtle whitespace-nowrap"> · {result.latencyMs} ms</span>
        ) : null}
      </span>
    </span>
  );
}

/** Configured metrics sources; admins can test, edit and remove them. */
export function SourcesTable({
  sources,
  canEdit,
  results,
  onEdit,
  onDelete,
  onTest,
}: SourcesTableProps) {
  return (
    <Table label="Metrics sources" data-testid="metrics-sources">
      <THead>
        <TR>
          <TH>Name</TH>
          <TH>Endpoint</TH>
          <TH>Scope</TH>
          <TH>Auth</TH>
          <TH>Connection</TH>
          {canEdit ? <TH className="text-right">Actions</TH> : null}
        </TR>
      </THead>
      <TBody>
        {sources.map((s) => (
          <TR key={s.id} data-testid={`source-${s.name}`}>
            <TD>
              <div className="text-fg flex items-center gap-1.5 font-medium">
                {s.name}
                {!s.enabled ? <Badge>disabled</Badge> : null}
              </div>
              <div className="text-subtle text-xs">
                {s.kind === "alertmanager" ? "Alertmanager" : "Prometheus API"}
              </div>
            </TD>
            <TD className="max-w-[280px]">
              <span className="text-muted block truncate font-mono text-xs" title={s.url}>
                {s.url}
              </span>
            </TD>
            <TD>
              {s.scope === "global" ? (
                <Badge tone="accent">global</Badge>
              ) : (
                <Badge tone="info">
                  cluster <span className="font-mono">{s.clusterName}</span>
                </Badge>
              )}
            </TD>
            <TD className="text-muted text-xs">
              {s.auth === "none" ? "none" : `${s.auth}${s.hasAuth ? " · set" : ""}`}
            </TD>
            <TD className="max-w-[260px]">
              <TestResult result={results[s.id]} />
            </TD>
            {canEdit ? (
              <TD className="text-right whitespace-nowrap">
                <div className="inline-flex gap-1">
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => onTest(s)}
                    aria-label={`Test ${s.name}`}
                  >
                    <PlugZap className="size-3.5" aria-hidden />
                    Test
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => onEdit(s)}
                    aria-label={`Edit ${s.name}`}
                  >
                    <Pencil className="size-3.5" aria-hidden />
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => onDelete(s)}
                    aria-label={`Delete ${s.name}`}
                  >
                    <Trash2 className="size-3.5" aria-hidden />
                  </Button>
                </div>
              </TD>
            ) : null}
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
