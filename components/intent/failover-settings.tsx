"use client";

import clsx from "clsx";
import { Field, Input } from "@/components/ui/field";

export type OutlierSettings = {
  consecutive5xxErrors: number;
  interval: string;
  baseEjectionTime: string;
  maxEjectionPercent: number;
};

export const DEFAULT_OUTLIER: OutlierSettings = {
  consecutive5xxErrors: 5,
  interval: "10s",
  baseEjectionTime: "30s",
  maxEjectionPercent: 100,
};

const DURATION = /^\d+(ms|s|m)$/;

/** Problems with outlier settings, checked as the operator types (the API checks them too). */
export function outlierProblems(o: OutlierSettings): string[] {
  const p: string[] = [];
  if (!Number.isInteger(o.consecutive5xxErrors) || o.consecutive5xxErrors < 1)
    p.push("Consecutive 5xx errors must be a whole number of at least 1.");
  if (!DURATION.test(o.interval)) p.push("Interval must be a duration like 10s.");
  if (!DURATION.test(o.baseEjectionTime)) p.push("Base ejection time must be a duration like 30s.");
  if (o.maxEjectionPercent < 1 || o.maxEjectionPercent > 100)
    p.push("Max ejection must be between 1 and 100 %.");
  return p;
}

/** Outlier detection: always sent with failover (Istio ignores failover without it). */
export function OutlierFields({
  value,
  disabled,
  onChange,
}: {
  value: OutlierSettings;
  disabled: boolean;
  onChange: (v: OutlierSettings) => void;
}) {
  const set = <K extends keyof OutlierSettings>(k: K, v: OutlierSettings[K]) =>
    onChange({ ...value, [k]: v });
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="outlier-fields">
      <Field label="Consecutive 5xx" htmlFor="od-5xx">
        <Input
          id="od-5xx"
          type="number"
          min={1}
          value={value.consecutive5xxErrors}
          disabled={disabled}
          onChange={(e) => set("consecutive5xxErrors", Number(e.target.value))}
        />
      </Field>
      <Field label="Interval" htmlFor="od-interval">
        <Input
          id="od-interval"
          value={value.interval}
          disabled={disabled}
          className="font-mono"
          onChange={(e) => set("interval", e.target.value.trim())}
        />
      </Field>
      <Field label="Base ejection time" htmlFor="od-ejection">
        <Input
          id="od-ejection"
          value={value.baseEjectionTime}
          disabled={disabled}
          className="font-mono"
          onChange={(e) => set("baseEjectionTime", e.target.value.trim())}
        />
      </Field>
      <Field label="Max ejection %" htmlFor="od-max">
        <Input
          id="od-max"
          type="number"
          min={1}
          max={100}
          value={value.maxEjectionPercent}
          disabled={disabled}
          onChange={(e) => set("maxEjectionPercent", Number(e.target.value))}
        />
      </Field>
    </div>
  );
}

type Named = { name: string; displayName: string };

/** Percent of traffic per exporting cluster, for migrations; must add up to 100. */
export function TrafficWeightFields({
  exporters,
  value,
  disabled,
  onChange,
}: {
  exporters: Named[];
  value: Record<string, number> | null;
  disabled: boolean;
  onChange: (v: Record<string, number> | null) => void;
}) {
  const on = value !== null;
  const sum = Object.values(value ?? {}).reduce((s, v) => s + v, 0);
  function enable(next: boolean) {
    if (!next) return onChange(null);
    const n = Math.max(exporters.length, 1);
    const base = Math.floor(100 / n);
    onChange(
      Object.fromEntries(exporters.map((c, i) => [c.name, base + (i < 100 - base * n ? 1 : 0)])),
    );
  }
  return (
    <div className="space-y-2" data-testid="traffic-weights">
      <label className="text-fg flex items-center gap-2 text-[13px]">
        <input
          type="checkbox"
          checked={on}
          disabled={disabled || exporters.length < 2}
          onChange={(e) => enable(e.target.checked)}
          className="size-3.5 accent-[var(--accent)]"
        />
        Split traffic across exporting clusters (migration)
        {exporters.length < 2 ? (
          <span className="text-subtle text-xs">needs two or more exporters</span>
        ) : null}
      </label>
      {on ? (
        <div className="flex flex-wrap items-center gap-3 pl-5">
          {exporters.map((c) => (
            <label key={c.name} className="text-muted flex items-center gap-1.5 text-xs">
              {c.displayName || c.name}
              <input
                type="number"
                min={0}
                max={100}
                value={value?.[c.name] ?? 0}
                disabled={disabled}
                aria-label={`Traffic to ${c.displayName || c.name} (%)`}
                onChange={(e) => onChange({ ...value, [c.name]: Number(e.target.value) })}
                className="border-border-strong bg-surface text-fg h-7 w-14 rounded border px-1.5 text-right tabular-nums"
              />
              %
            </label>
          ))}
          <span
            className={clsx(
              "text-xs tabular-nums",
              sum === 100 ? "text-subtle" : "font-semibold text-red-700 dark:text-red-400",
            )}
          >
            Σ {sum}%
          </span>
        </div>
      ) : null}
    </div>
  );
}

/** Which consumer clusters may call the service; null = every importer. */
export function AccessFields({
  consumers,
  value,
  disabled,
  onChange,
}: {
  consumers: Named[];
  value: string[] | null;
  disabled: boolean;
  onChange: (v: string[] | null) => void;
}) {
  const on = value !== null;
  return (
    <div className="space-y-2" data-testid="access-fields">
      <label className="text-fg flex items-center gap-2 text-[13px]">
        <input
          type="checkbox"
          checked={on}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked ? consumers.map((c) => c.name) : null)}
          className="size-3.5 accent-[var(--accent)]"
        />
        Only some consumer clusters may call it
      </label>
      {on ? (
        <div className="flex flex-wrap gap-x-4 gap-y-1.5 pl-5">
          {consumers.length === 0 ? (
            <span className="text-subtle text-xs">No cluster imports this service yet.</span>
          ) : (
            consumers.map((c) => (
              <label key={c.name} className="text-muted flex items-center gap-1.5 text-xs">
                <input
                  type="checkbox"
                  checked={value.includes(c.name)}
                  disabled={disabled}
                  onChange={(e) =>
                    onChange(
                      e.target.checked ? [...value, c.name] : value.filter((n) => n !== c.name),
                    )
                  }
                  className="size-3.5 accent-[var(--accent)]"
                />
                {c.displayName || c.name}
              </label>
            ))
          )}
        </div>
      ) : null}
    </div>
  );
}
