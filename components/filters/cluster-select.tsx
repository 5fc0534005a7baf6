import { Select } from "@/components/ui/field";

/** A cluster as every filter names it: by display name, its id as the hint. */
export type ClusterOption = { name: string; displayName: string };

type ClusterSelectProps = {
  clusters: readonly ClusterOption[];
  value: string;
  onChange: (name: string) => void;
  "data-testid"?: string;
};

const labelOf = (c: ClusterOption) => c.displayName || c.name;

/**
 * The one cluster filter of Services, Alerts and Topology: options show display names, each
 * with its cluster id as the hint (the option's and, once chosen, the select's title). The
 * select is as wide as its longest name.
 */
export function ClusterSelect({ clusters, value, onChange, ...rest }: ClusterSelectProps) {
  // A value from a shared URL that is not in the list stays selectable, never a silent "All".
  const options =
    value && !clusters.some((c) => c.name === value)
      ? [{ name: value, displayName: "" }, ...clusters]
      : clusters;
  const current = options.find((c) => c.name === value);
  return (
    <Select
      aria-label="Cluster"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      title={current ? `${labelOf(current)} — cluster id: ${current.name}` : "All clusters"}
      className="w-auto max-w-full"
      data-testid={rest["data-testid"]}
    >
      <option value="">All clusters</option>
      {options.map((c) => (
        <option key={c.name} value={c.name} title={`Cluster id: ${c.name}`}>
          {labelOf(c)}
        </option>
      ))}
    </Select>
  );
}
