"use client";

import clsx from "clsx";
import { ArrowDownToLine, ArrowUpFromLine, TriangleAlert } from "lucide-react";
import type { KeyboardEvent } from "react";
import type { SharingKind } from "./draft";

/** What one (service, cluster) cell knows: does the cluster run it, and its endpoint health. */
export type MatrixMember = {
  endpoints: { ready: number; total: number };
  stale: boolean;
  externalName: boolean;
};

type ToggleProps = {
  kind: SharingKind;
  on: boolean;
  edited: boolean;
  disabled: boolean;
  label: string;
  row: number;
  col: number;
  onToggle: () => void;
  onKeyDown: (e: KeyboardEvent<HTMLButtonElement>) => void;
};

const ON: Record<SharingKind, string> = {
  exports:
    "bg-violet-600 text-white border-violet-600 dark:bg-violet-600 dark:border-violet-400 dark:text-white",
  imports:
    "bg-teal-700 text-white border-teal-700 dark:bg-teal-700 dark:border-teal-400 dark:text-white",
};

function SharingToggle({
  kind,
  on,
  edited,
  disabled,
  label,
  row,
  col,
  onToggle,
  onKeyDown,
}: ToggleProps) {
  const Icon = kind === "exports" ? ArrowUpFromLine : ArrowDownToLine;
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={label}
      title={label + (edited ? " (edited, not applied)" : "")}
      disabled={disabled}
      data-row={row}
      data-col={col}
      data-kind={kind}
      data-edited={edited ? "true" : undefined}
      onClick={onToggle}
      onKeyDown={onKeyDown}
      className={clsx(
        "relative inline-flex h-5 items-center gap-0.5 rounded border px-1 text-[10px] font-semibold transition-colors",
        on
          ? ON[kind]
          : "border-border-strong text-subtle bg-surface hover:bg-surface-hover hover:text-fg",
        edited && "ring-2 ring-amber-400 ring-offset-1 ring-offset-[var(--surface)]",
        disabled && "cursor-default opacity-60 hover:bg-transparent",
      )}
    >
      <Icon className="size-3" aria-hidden />
      {kind === "exports" ? "Export" : "Import"}
    </button>
  );
}

type MatrixCellProps = {
  service: string;
  cluster: string;
  member: MatrixMember | undefined;
  exported: boolean;
  imported: boolean;
  editedExport: boolean;
  editedImport: boolean;
  conflicts: string[];
  canChange: boolean;
  row: number;
  col: number;
  onToggle: (kind: SharingKind) => void;
  onKeyDown: (e: KeyboardEvent<HTMLButtonElement>) => void;
};

/** One cell of the export matrix: runs-here indicator, export and import toggles, conflicts. */
export function MatrixCell({
  service,
  cluster,
  member,
  exported,
  imported,
  editedExport,
  editedImport,
  conflicts,
  canChange,
  row,
  col,
  onToggle,
  onKeyDown,
}: MatrixCellProps) {
  const health = !member
    ? null
    : member.stale
      ? "bg-subtle"
      : member.endpoints.ready === 0
        ? "bg-red-500"
        : member.endpoints.ready < member.endpoints.total
          ? "bg-amber-500"
          : "bg-emerald-500";
  return (
    <div
      className="flex min-h-11 flex-col items-center justify-center gap-1"
      data-testid={`cell-${service}-${cluster}`}
    >
      <div className="flex h-4 items-center gap-1 text-[11px] tabular-nums">
        {member ? (
          <>
            <span className={clsx("size-1.5 rounded-full", health)} aria-hidden />
            <span
              className="text-muted"
              title={`Runs here: ${member.endpoints.ready} of ${member.endpoints.total} endpoints ready${member.stale ? " (last known)" : ""}`}
            >
              {member.endpoints.ready}/{member.endpoints.total}
            </span>
          </>
        ) : (
          <span className="text-subtle/70" title="Does not run in this cluster">
            —
          </span>
        )}
        {conflicts.length > 0 ? (
          <span
            className="text-amber-600 dark:text-amber-400"
            title={conflicts.join("\n")}
            data-testid="cell-conflict"
          >
            <TriangleAlert className="size-3" aria-label={`${conflicts.length} warnings`} />
          </span>
        ) : null}
      </div>
      <div className="flex items-center gap-1">
        {member && !member.externalName ? (
          <SharingToggle
            kind="exports"
            on={exported}
            edited={editedExport}
            disabled={!canChange}
            label={`Export ${service} from ${cluster}`}
            row={row}
            col={col * 2}
            onToggle={() => onToggle("exports")}
            onKeyDown={onKeyDown}
          />
        ) : null}
        <SharingToggle
          kind="imports"
          on={imported}
          edited={editedImport}
          disabled={!canChange}
          label={`Import ${service} into ${cluster}`}
          row={row}
          col={col * 2 + 1}
          onToggle={() => onToggle("imports")}
          onKeyDown={onKeyDown}
        />
      </div>
    </div>
  );
}
