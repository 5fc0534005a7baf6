"use client";

import clsx from "clsx";
import { METRICS_RANGES, type MetricsRange } from "@/lib/model/metrics";

type SegmentedProps<T extends string> = {
  value: T;
  options: readonly T[];
  onChange: (value: T) => void;
  label: string;
  testId?: string;
};

/** A small segmented control (radio group semantics). */
export function Segmented<T extends string>({
  value,
  options,
  onChange,
  label,
  testId,
}: SegmentedProps<T>) {
  return (
    <div
      role="radiogroup"
      aria-label={label}
      data-testid={testId}
      className="border-border-strong bg-surface-2 inline-flex rounded-md border p-0.5"
    >
      {options.map((o) => (
        <button
          key={o}
          type="button"
          role="radio"
          aria-checked={o === value}
          onClick={() => onChange(o)}
          className={clsx(
            "h-6 rounded px-2 font-mono text-[11px] leading-none transition-colors",
            o === value
              ? "bg-surface text-fg ring-border-strong shadow-xs ring-1"
              : "text-muted hover:text-fg",
          )}
        >
          {o}
        </button>
      ))}
    </div>
  );
}

/** The golden-signals time range. */
export function RangePicker({
  value,
  onChange,
}: {
  value: MetricsRange;
  onChange: (range: MetricsRange) => void;
}) {
  return (
    <Segmented
      value={value}
      options={METRICS_RANGES}
      onChange={onChange}
      label="Time range"
      testId="metrics-range"
    />
  );
}
