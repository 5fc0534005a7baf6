"use client";

import { LoaderCircle, Search, X } from "lucide-react";
import { MESH_TYPES, type MeshTypeName } from "@/lib/agent-protocol/snapshot";
import { ClusterSelect, type ClusterOption } from "@/components/filters/cluster-select";
import { FilterSelect, filterOptions, type FilterOption } from "@/components/filters/filter-select";
import { MESH_STYLES } from "@/components/mesh/mesh-badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";

export type ServiceFilterValues = {
  q: string;
  cluster: string;
  namespace: string;
  mesh: MeshTypeName | "";
  multiCluster: boolean;
};

export const EMPTY_FILTERS: ServiceFilterValues = {
  q: "",
  cluster: "",
  namespace: "",
  mesh: "",
  multiCluster: false,
};

const MESH_OPTIONS: FilterOption[] = [
  ["", "All meshes"],
  ...MESH_TYPES.map((m): FilterOption => [m, MESH_STYLES[m].label]),
];

type ServiceFiltersProps = {
  values: ServiceFilterValues;
  clusters: ClusterOption[];
  namespaces: string[];
  fetching: boolean;
  onChange: (next: ServiceFilterValues) => void;
};

function hasFilters(v: ServiceFilterValues): boolean {
  return Boolean(v.q || v.cluster || v.namespace || v.mesh || v.multiCluster);
}

export function ServiceFilters({
  values,
  clusters,
  namespaces,
  fetching,
  onChange,
}: ServiceFiltersProps) {
  function set<K extends keyof ServiceFilterValues>(key: K, value: ServiceFilterValues[K]) {
    onChange({ ...values, [key]: value });
  }

  return (
    <div
      role="search"
      className="border-border flex flex-wrap items-center gap-2 border-b px-4 py-3"
    >
      <div className="relative min-w-0 flex-[1_1_15rem]">
        {/* While results refresh, the search icon turns into a spinner. */}
        <span
          className="text-subtle pointer-events-none absolute top-1/2 left-2.5 flex -translate-y-1/2"
          aria-live="polite"
        >
          {fetching ? (
            <>
              <LoaderCircle className="size-3.5 animate-spin" aria-hidden />
              <span className="sr-only">Updating results…</span>
            </>
          ) : (
            <Search className="size-3.5" aria-hidden />
          )}
        </span>
        <Input
          type="search"
          aria-label="Search services"
          placeholder="Search name, namespace, host"
          title="Search by name, namespace or hostname"
          value={values.q}
          onChange={(e) => set("q", e.target.value)}
          className="pl-8"
          data-testid="services-search"
        />
      </div>
      <ClusterSelect
        clusters={clusters}
        value={values.cluster}
        onChange={(cluster) => set("cluster", cluster)}
      />
      <FilterSelect
        label="Namespace"
        title="Namespace"
        value={values.namespace}
        options={filterOptions("All namespaces", namespaces)}
        onChange={(v) => set("namespace", v)}
      />
      <FilterSelect
        label="Mesh"
        value={values.mesh}
        options={MESH_OPTIONS}
        onChange={(v) => set("mesh", v as MeshTypeName | "")}
      />
      <label className="border-border-strong bg-surface text-fg flex h-8 shrink-0 cursor-pointer items-center gap-2 rounded-md border px-2.5 text-[13px] whitespace-nowrap select-none">
        <input
          type="checkbox"
          checked={values.multiCluster}
          onChange={(e) => set("multiCluster", e.target.checked)}
          className="size-3.5 accent-[var(--accent)]"
        />
        Multi-cluster only
      </label>
      {hasFilters(values) ? (
        <Button variant="ghost" size="sm" onClick={() => onChange(EMPTY_FILTERS)}>
          <X className="size-3.5" aria-hidden />
          Clear
        </Button>
      ) : null}
    </div>
  );
}
