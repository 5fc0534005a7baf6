import type { ReactNode } from "react";

import { ERROR_RATIO } from "@/lib/domain/traffic-health";

const percent = (x: number) => `${Math.round(x * 100)}%`;

function Line({ color, dashed, dotted }: { color: string; dashed?: boolean; dotted?: boolean }) {
  return (
    <svg width="28" height="10" aria-hidden className="shrink-0">
      <line
        x1="1"
        y1="5"
        x2="27"
        y2="5"
        stroke={color}
        strokeWidth={dotted ? 1.5 : 2.5}
        strokeDasharray={dashed ? "6 3" : dotted ? "1.5 3" : undefined}
        strokeLinecap="round"
      />
    </svg>
  );
}

function Box({ className }: { className: string }) {
  return (
    <span aria-hidden className={`inline-block h-2.5 w-4 shrink-0 rounded-[3px] ${className}`} />
  );
}

function Item({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-center gap-1.5">
      {icon}
      <span>{children}</span>
    </li>
  );
}

/** What the map's shapes and colours mean (colour is never the only cue: dashes, shapes). */
export function GraphLegend() {
  return (
    <div
      className="border-border text-muted flex flex-wrap items-center gap-x-5 gap-y-1 border-t px-4 py-2 text-[11px]"
      data-testid="topology-legend"
    >
      <span className="text-fg font-semibold">Legend</span>
      <ul className="flex flex-wrap items-center gap-x-4 gap-y-1" aria-label="Legend">
        <Item icon={<Line color="#64748b" />}>Call, width by rps</Item>
        <Item icon={<Line color="#7c3aed" dashed />}>Cross-cluster call (imported)</Item>
        <Item icon={<Line color="#be185d" dashed />}>Unmanaged: no import explains it</Item>
        <Item icon={<Line color="#d97706" />}>≥ {percent(ERROR_RATIO.warn)} 5xx</Item>
        <Item icon={<Line color="#dc2626" />}>≥ {percent(ERROR_RATIO.errors)} 5xx</Item>
        <Item icon={<Line color="#a5b4fc" dotted />}>Instance of</Item>
        <Item icon={<Box className="border border-indigo-400 bg-indigo-50 dark:bg-indigo-950" />}>
          Global service
        </Item>
        <Item icon={<Box className="border-2 border-amber-500" />}>Degraded: some not ready</Item>
        <Item icon={<Box className="border-2 border-red-500" />}>
          Outage (none ready) or errors (≥ {percent(ERROR_RATIO.errors)} 5xx served)
        </Item>
        <Item icon={<Box className="border border-dashed border-slate-400" />}>
          Region, VM site or stale
        </Item>
      </ul>
    </div>
  );
}
