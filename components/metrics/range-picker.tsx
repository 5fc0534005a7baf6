"use client";

import clsx from "clsx";
import { METRICS_RANGES, type MetricsRange } from "@/lib/model/metrics";

type SegmentedProps<T extends string> = {
  value: T;
  options: readonly T[];
  onChange: (value: T) => void;
  label: string;
  testId?: string;
  /** Nothing to choose between (e.g. no metrics): every option is disabled. */
  disabled?: boolean;
  title?: string;
};

/** A small segmented control (radio group semantics). */
export function Segmented<T extends string>({
  value,
  options,
  onChange,
  label,
  testId,
  disabled = false,
  title,
}: SegmentedProps<T>) {
  return (
    <div
      role="radiogroup"
      aria-label={label}
      data-testid={testId}
      title={title}
      className="border-border-strong bg-surface-2 inline-flex rounded-md border p-0.5"
    >
      {options.map((o) => (
        <button
          key={o}
          type="button"
          role="radio"
          aria-checked={o === value}
          disabled={disabled}
          onClick={() => onChange(o)}
          className={clsx(
            "h-6 rounded px-2 font-mono text-[11px] leading-none transition-colors disabled:cursor-not-allowed disabled:opacity-60",
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
  disabled,
}: {
  value: MetricsRange;
  onChange: (range: MetricsRange) => void;
  disabled?: boolean;
}) {
  return (
    <Segmented
      disabled={disabled}
      title={disabled ? "No metrics to show: nothing to choose a range for" : undefined}
      value={value}
      options={METRICS_RANGES}
      onChange={onChange}
      label="Time range"
      testId="metrics-range"
    />
  );
}
