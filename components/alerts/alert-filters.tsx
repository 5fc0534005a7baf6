"use client";

import { X } from "lucide-react";
import type { AlertQueryInput } from "@/lib/model/alerts";
import { ClusterSelect, type ClusterOption } from "@/components/filters/cluster-select";
import { FilterSelect, filterOptions } from "@/components/filters/filter-select";
import { Button } from "@/components/ui/button";

/** The filters as the URL and the selects hold them (plain strings, "" = all). */
export type AlertFilterValues = Required<{ [K in keyof AlertQueryInput]: string }>;

export const EMPTY_ALERT_FILTERS: AlertFilterValues = {
  severity: "",
  state: "",
  kind: "",
  cluster: "",
  globalService: "",
};

const SEVERITY_OPTIONS = [
  ["", "All severities"],
  ["critical", "Critical"],
  ["critical,error", "Error and above"],
  ["critical,error,warning", "Warning and above"],
  ["info", "Info"],
] as const;
const STATE_OPTIONS = [
  ["", "All states"],
  ["firing", "Firing"],
  ["pending", "Pending"],
  ["suppressed", "Silenced"],
] as const;
const KIND_OPTIONS = [
  ["", "All kinds"],
  ["metrics", "Metrics (Prometheus)"],
  ["fleet", "Fleet (Meridian)"],
] as const;

type AlertFiltersProps = {
  values: AlertFilterValues;
  clusters: ClusterOption[];
  services: string[];
  onChange: (next: AlertFilterValues) => void;
};

/** Filter bar of the Alerts page; every value lives in the URL. */
export function AlertFilters({ values, clusters, services, onChange }: AlertFiltersProps) {
  const set = (key: keyof AlertFilterValues, value: string) =>
    onChange({ ...values, [key]: value });
  const active = Object.values(values).some(Boolean);

  return (
    <div role="search" aria-label="Filter alerts" className="flex flex-wrap items-center gap-2">
      <FilterSelect
        label="Severity"
        value={values.severity}
        options={SEVERITY_OPTIONS}
        onChange={(v) => set("severity", v)}
      />
      <FilterSelect
        label="State"
        value={values.state}
        options={STATE_OPTIONS}
        onChange={(v) => set("state", v)}
      />
      <FilterSelect
        label="Kind"
        value={values.kind}
        options={KIND_OPTIONS}
        onChange={(v) => set("kind", v)}
      />
      <ClusterSelect
        clusters={clusters}
        value={values.cluster}
        onChange={(cluster) => set("cluster", cluster)}
      />
      <FilterSelect
        label="Global service"
        value={values.globalService}
        options={filterOptions("All services", services)}
        onChange={(v) => set("globalService", v)}
      />
      {active ? (
        <Button variant="ghost" size="sm" onClick={() => onChange(EMPTY_ALERT_FILTERS)}>
          <X className="size-3.5" aria-hidden />
          Clear
        </Button>
      ) : null}
    </div>
  );
}
