"use client";

import { X } from "lucide-react";

import { ClusterSelect, type ClusterOption } from "@/components/filters/cluster-select";
import { MESH_STYLES } from "@/components/mesh/mesh-badge";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/field";
import type { MeshTypeName } from "@/lib/agent-protocol/snapshot";
import type { TopologyDto } from "@/lib/graph/schema";
import { AUTO_FOLD, type FoldState } from "./fold-state";

/** The map's filters, as they appear in the URL (`?region=&cluster=&namespace=&mesh=...`). */
export type TopologyFilterValues = {
  region: string;
  cluster: string;
  namespace: string;
  mesh: string;
  exported: boolean;
  errors: boolean;
  group: boolean;
} & FoldState;

export const EMPTY_TOPOLOGY_FILTERS: TopologyFilterValues = {
  region: "",
  cluster: "",
  namespace: "",
  mesh: "",
  exported: false,
  errors: false,
  group: false,
  collapse: AUTO_FOLD,
  expand: [],
};

/**
 * Filters → the page URL's search string; empty ones and the default folding are left out.
 * The API is asked with {@link topologyApiSearch}.
 */
export function topologySearch(f: TopologyFilterValues): string {
  const p = new URLSearchParams();
  if (f.region) p.set("region", f.region);
  if (f.cluster) p.set("cluster", f.cluster);
  if (f.namespace) p.set("namespace", f.namespace);
  if (f.mesh) p.set("mesh", f.mesh);
  if (f.exported) p.set("exported", "true");
  if (f.errors) p.set("errors", "true");
  if (f.group) p.set("group", "namespace");
  if (f.collapse !== AUTO_FOLD) p.set("collapse", f.collapse);
  if (f.expand.length > 0) p.set("expand", f.expand.join(","));
  return p.toString();
}

/** The API's search string for a page URL's: the map folds large graphs unless told not to. */
export function topologyApiSearch(urlSearch: string): string {
  const p = new URLSearchParams(urlSearch);
  if (!p.has("collapse")) p.set("collapse", AUTO_FOLD);
  return p.toString();
}

/** A checkbox styled as a toggle button. */
export function Toggle({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  children: string;
}) {
  return (
    <label className="border-border-strong bg-surface text-fg flex h-8 shrink-0 cursor-pointer items-center gap-2 rounded-md border px-2.5 text-[13px] whitespace-nowrap select-none">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-3.5 accent-[var(--accent)]"
      />
      {children}
    </label>
  );
}

type TopologyFiltersProps = {
  values: TopologyFilterValues;
  options: TopologyDto["filters"];
  /** Display names of the clusters (the options' ids name them). */
  clusters: readonly ClusterOption[];
  onChange: (next: TopologyFilterValues) => void;
};

/** Filter controls of the map; every one is a native, keyboard-reachable control. */
export function TopologyFilters({ values, options, clusters, onChange }: TopologyFiltersProps) {
  const set = <K extends keyof TopologyFilterValues>(k: K, v: TopologyFilterValues[K]) =>
    onChange({ ...values, [k]: v });
  const active = topologySearch({ ...values, group: false }) !== "";
  const names = new Map(clusters.map((c) => [c.name, c.displayName]));
  const select = (key: "region" | "namespace", all: string, items: string[]) => (
    <Select
      aria-label={key[0]!.toUpperCase() + key.slice(1)}
      value={values[key]}
      onChange={(e) => set(key, e.target.value)}
      className="w-auto max-w-full"
      data-testid={`topology-filter-${key}`}
    >
      <option value="">{all}</option>
      {/* A value from the URL that no longer exists stays selectable, so it can be cleared. */}
      {[...new Set([...items, ...(values[key] ? [values[key]] : [])])].map((v) => (
        <option key={v} value={v}>
          {v}
        </option>
      ))}
    </Select>
  );
  return (
    <div
      className="flex min-w-0 flex-1 flex-wrap items-center gap-2"
      role="group"
      aria-label="Map filters"
    >
      {select("region", "All regions", options.region)}
      <ClusterSelect
        clusters={options.cluster.map((name) => ({ name, displayName: names.get(name) ?? "" }))}
        value={values.cluster}
        onChange={(cluster) => set("cluster", cluster)}
        data-testid="topology-filter-cluster"
      />
      {select("namespace", "All namespaces", options.namespace)}
      <Select
        aria-label="Mesh"
        value={values.mesh}
        onChange={(e) => set("mesh", e.target.value)}
        className="w-auto max-w-full"
        data-testid="topology-filter-mesh"
      >
        <option value="">All meshes</option>
        {options.mesh.map((m) => (
          <option key={m} value={m}>
            {MESH_STYLES[m as MeshTypeName]?.label ?? m}
          </option>
        ))}
      </Select>
      <Toggle checked={values.exported} onChange={(v) => set("exported", v)}>
        Exported
      </Toggle>
      <Toggle checked={values.errors} onChange={(v) => set("errors", v)}>
        With errors
      </Toggle>
      {active ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onChange({ ...EMPTY_TOPOLOGY_FILTERS, group: values.group })}
        >
          <X className="size-3.5" aria-hidden />
          Clear
        </Button>
      ) : null}
    </div>
  );
}
