"use client";

import { X } from "lucide-react";
import type { AlertQueryInput } from "@/lib/model/alerts";
import { ClusterSelect, type ClusterOption } from "@/components/filters/cluster-select";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/field";

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
  // A value from a shared URL that is not in the lists (e.g. a cluster since removed) stays
  // selectable, so the select never silently shows "All".
  const withCurrent = (list: string[], current: string) =>
    current && !list.includes(current) ? [current, ...list] : list;
  const severityKnown = SEVERITY_OPTIONS.some(([v]) => v === values.severity);

  return (
    <div role="search" aria-label="Filter alerts" className="flex flex-wrap items-center gap-2">
      <Select
        aria-label="Severity"
        value={values.severity}
        onChange={(e) => set("severity", e.target.value)}
        className="w-auto max-w-full"
      >
        {severityKnown ? null : <option value={values.severity}>{values.severity}</option>}
        {SEVERITY_OPTIONS.map(([v, label]) => (
          <option key={v} value={v}>
            {label}
          </option>
        ))}
      </Select>
      <Select
        aria-label="State"
        value={values.state}
        onChange={(e) => set("state", e.target.value)}
        className="w-auto max-w-full"
      >
        {STATE_OPTIONS.map(([v, label]) => (
          <option key={v} value={v}>
            {label}
          </option>
        ))}
      </Select>
      <Select
        aria-label="Kind"
        value={values.kind}
        onChange={(e) => set("kind", e.target.value)}
        className="w-auto max-w-full"
      >
        {KIND_OPTIONS.map(([v, label]) => (
          <option key={v} value={v}>
            {label}
          </option>
        ))}
      </Select>
      <ClusterSelect
        clusters={clusters}
        value={values.cluster}
        onChange={(cluster) => set("cluster", cluster)}
      />
      <Select
        aria-label="Global service"
        value={values.globalService}
        onChange={(e) => set("globalService", e.target.value)}
        className="w-auto max-w-full"
      >
        <option value="">All services</option>
        {withCurrent(services, values.globalService).map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </Select>
      {active ? (
        <Button variant="ghost" size="sm" onClick={() => onChange(EMPTY_ALERT_FILTERS)}>
          <X className="size-3.5" aria-hidden />
          Clear
        </Button>
      ) : null}
    </div>
  );
}
