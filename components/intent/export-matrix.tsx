"use client";

import clsx from "clsx";
import Link from "next/link";
import { useRef, type KeyboardEvent } from "react";
import type { MeshTypeName } from "@/lib/agent-protocol/snapshot";
import { MeshIcon, MESH_STYLES } from "@/components/mesh/mesh-badge";
import { effectiveIntent, type SharingDraft, type SharingIntent, type SharingKind } from "./draft";
import { MatrixCell, type MatrixMember } from "./matrix-cell";
import type { CompatCluster } from "@/lib/domain/sharing-compat";

export type MatrixCluster = {
  name: string;
  displayName: string;
  region: string;
  meshes: MeshTypeName[];
  stale: boolean;
  /** A VM site (hosts outside Kubernetes); absent = a Kubernetes cluster. */
  site?: boolean;
  /** Its primary mesh and roots as the Trust page knows them: the matrix's early warnings. */
  compat?: Omit<CompatCluster, "name">;
};

export type MatrixRow = {
  /** `namespace/name` */
  key: string;
  namespace: string;
  name: string;
  hostname: string;
  members: Readonly<Record<string, MatrixMember>>;
};

type ExportMatrixProps = {
  clusters: MatrixCluster[];
  rows: MatrixRow[];
  intentOf: (key: string) => SharingIntent | undefined;
  draft: SharingDraft;
  conflictsOf: (key: string, cluster: string) => string[];
  canChange: boolean;
  onToggle: (key: string, kind: SharingKind, cluster: string) => void;
};

const KEYS: Record<string, [number, number]> = {
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
};

/**
 * Global services × clusters. Each cell says whether the cluster runs the service and holds
 * its export and import toggles; arrow keys move between toggles like a spreadsheet.
 */
export function ExportMatrix({
  clusters,
  rows,
  intentOf,
  draft,
  conflictsOf,
  canChange,
  onToggle,
}: ExportMatrixProps) {
  const frame = useRef<HTMLDivElement>(null);

  function handleKeyDown(e: KeyboardEvent<HTMLButtonElement>) {
    const delta = KEYS[e.key];
    if (!delta || !frame.current) return;
    const row = Number(e.currentTarget.dataset.row);
    const col = Number(e.currentTarget.dataset.col);
    const buttons = [...frame.current.querySelectorAll<HTMLButtonElement>("button[data-row]")];
    const at = (r: number, c: number) =>
      buttons.find((b) => Number(b.dataset.row) === r && Number(b.dataset.col) === c);
    const maxCol = clusters.length * 2;
    let target: HTMLButtonElement | undefined;
    if (delta[0] === 0) {
      // Left/right: the next toggle in the row (cells where the service does not run have
      // only an import toggle).
      for (let c = col + delta[1]; !target && c >= 0 && c < maxCol; c += delta[1])
        target = at(row, c);
    } else {
      const r = row + delta[0];
      if (r >= 0 && r < rows.length) target = at(r, col) ?? at(r, col - (col % 2) + 1);
    }
    if (target) {
      e.preventDefault();
      target.focus();
    }
  }

  return (
    <div
      ref={frame}
      className="max-h-[calc(100vh-15rem)] min-h-64 overflow-auto"
      data-testid="export-matrix"
    >
      <table
        aria-label="Export matrix"
        className="min-w-full border-separate border-spacing-0 text-[13px]"
      >
        <thead>
          <tr>
            <th
              scope="col"
              className="bg-surface-2 border-border text-subtle sticky top-0 left-0 z-30 min-w-56 border-r border-b px-4 py-2 text-left text-[11px] font-medium tracking-wide uppercase"
            >
              Global service
            </th>
            {clusters.map((c) => (
              <th
                key={c.name}
                scope="col"
                className="bg-surface-2 border-border sticky top-0 z-20 w-[8.5rem] min-w-[8.5rem] border-b px-2 py-2 text-center align-bottom font-normal"
                data-testid={`matrix-col-${c.name}`}
              >
                <Link
                  href={`/clusters/${encodeURIComponent(c.name)}`}
                  className="text-fg block truncate text-xs font-semibold hover:underline"
                  title={`${c.displayName || c.name} — ${c.region}${c.stale ? " (stale)" : ""}`}
                >
                  {c.displayName || c.name}
                </Link>
                <span className="text-subtle mt-0.5 flex items-center justify-center gap-1 font-mono text-[10px]">
                  {(c.meshes.length ? c.meshes : (["none"] as const)).map((m) => (
                    <span key={m} title={MESH_STYLES[m].label} className="inline-flex">
                      <MeshIcon type={m} />
                    </span>
                  ))}
                  <span className="truncate">{c.name}</span>
                </span>
                {c.site ? (
                  <span
                    className="mt-0.5 block text-[10px] font-medium text-sky-800 dark:text-sky-300"
                    data-testid="matrix-site"
                  >
                    VM site
                  </span>
                ) : null}
                {/* Said in words, not by fading the header (which failed colour contrast). */}
                {c.stale ? (
                  <span className="mt-0.5 block text-[10px] font-medium text-amber-800 dark:text-amber-300">
                    stale
                  </span>
                ) : null}
              </th>
            ))}
            {/* Takes the spare width when there are few clusters, so columns stay compact. */}
            <th
              aria-hidden
              className="bg-surface-2 border-border sticky top-0 z-20 w-full border-b"
            />
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => {
            const intent = effectiveIntent(draft, row.key, intentOf(row.key));
            const saved = intentOf(row.key) ?? { exports: [], imports: [] };
            const exporters = intent.exports.length;
            return (
              <tr key={row.key} className="group" data-testid={`matrix-row-${row.key}`}>
                <th
                  scope="row"
                  className="bg-surface group-hover:bg-surface-hover border-border sticky left-0 z-10 border-r border-b px-4 py-2 text-left font-normal"
                >
                  <Link
                    href={`/services/${encodeURIComponent(row.namespace)}/${encodeURIComponent(row.name)}`}
                    className="text-fg font-medium hover:underline"
                  >
                    {row.name}
                  </Link>
                  <span className="text-subtle ml-1.5 font-mono text-xs">{row.namespace}</span>
                  <div className="text-subtle mt-0.5 text-[11px]">
                    {exporters === 0
                      ? "not shared"
                      : `${exporters} exporting · ${intent.imports.length} importing`}
                    {draft[row.key] ? (
                      <span className="ml-1.5 font-medium text-amber-800 dark:text-amber-400">
                        · edited
                      </span>
                    ) : null}
                  </div>
                </th>
                {clusters.map((c, ci) => (
                  <td
                    key={c.name}
                    className={clsx(
                      "border-border group-hover:bg-surface-hover/50 border-b px-1 py-1",
                      ci % 2 === 1 && "bg-surface-2/30",
                    )}
                  >
                    <MatrixCell
                      service={row.key}
                      cluster={c.name}
                      member={row.members[c.name]}
                      exported={intent.exports.includes(c.name)}
                      imported={intent.imports.includes(c.name)}
                      editedExport={
                        intent.exports.includes(c.name) !== saved.exports.includes(c.name)
                      }
                      editedImport={
                        intent.imports.includes(c.name) !== saved.imports.includes(c.name)
                      }
                      conflicts={conflictsOf(row.key, c.name)}
                      canChange={canChange}
                      row={r}
                      col={ci}
                      onToggle={(kind) => onToggle(row.key, kind, c.name)}
                      onKeyDown={handleKeyDown}
                    />
                  </td>
                ))}
                <td aria-hidden className="border-border border-b" />
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
