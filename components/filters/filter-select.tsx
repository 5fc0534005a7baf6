import { Select } from "@/components/ui/field";

/** One choice of a filter: the value the URL holds ("" = all) and its label. */
export type FilterOption = readonly [value: string, label: string];

type FilterSelectProps = {
  /** The select's accessible name ("Severity", "Namespace"…). */
  label: string;
  value: string;
  /** Every choice, the "all" one ("" value) first. */
  options: readonly FilterOption[];
  onChange: (value: string) => void;
  title?: string;
};

/** Turns plain values into options labelled by themselves, after the "all" option. */
export function filterOptions(all: string, values: readonly string[]): FilterOption[] {
  return [["", all], ...values.map((v): FilterOption => [v, v])];
}

/**
 * A filter select of the Alerts and Services bars. A value from a shared URL that is not among
 * the options (a service since removed) stays selectable, shown as itself, never a silent "All".
 */
export function FilterSelect({ label, value, options, onChange, title }: FilterSelectProps) {
  const known = options.some(([v]) => v === value);
  return (
    <Select
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      className="w-auto max-w-full"
      title={title}
    >
      {known ? null : <option value={value}>{value}</option>}
      {options.map(([v, text]) => (
        <option key={v} value={v}>
          {text}
        </option>
      ))}
    </Select>
  );
}
