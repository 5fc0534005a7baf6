// The clusters list's search and sort: pure, so the page and its tests share them.
import type { ClusterSummary } from "@/lib/model/inventory";

export const CLUSTER_SORT_KEYS = ["name", "region", "services", "endpoints", "lastSeen"] as const;
export type ClusterSortKey = (typeof CLUSTER_SORT_KEYS)[number];
export type SortDirection = "asc" | "desc";
export type ClusterSort = { key: ClusterSortKey; dir: SortDirection };

/** The list's first order: by display name (the name shown first in each row). */
export const DEFAULT_CLUSTER_SORT: ClusterSort = { key: "name", dir: "asc" };

/** Text a search matches: id, display name, provider, region, zone, and labels as `key=value`. */
function haystack(c: ClusterSummary): string {
  return [
    c.name,
    c.displayName,
    c.provider,
    c.region,
    c.zone,
    ...Object.entries(c.labels).map(([k, v]) => `${k}=${v}`),
  ]
    .join(" ")
    .toLowerCase();
}

/** Clusters whose text contains every word of `query` (case-insensitive). */
export function searchClusters(clusters: ClusterSummary[], query: string): ClusterSummary[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return clusters;
  return clusters.filter((c) => {
    const text = haystack(c);
    return words.every((w) => text.includes(w));
  });
}

const label = (c: ClusterSummary) => (c.displayName || c.name).toLowerCase();
const VALUE: Record<ClusterSortKey, (c: ClusterSummary) => string | number> = {
  name: label,
  region: (c) => c.region,
  services: (c) => c.serviceCount,
  endpoints: (c) => c.endpoints.ready,
  lastSeen: (c) => (c.lastSeenAt ? Date.parse(c.lastSeenAt) : 0),
};

/** Sorted by `sort`, ties by display name then id; descending reverses the whole order. */
export function sortClusters(clusters: ClusterSummary[], sort: ClusterSort): ClusterSummary[] {
  const value = VALUE[sort.key];
  const cmp = (a: ClusterSummary, b: ClusterSummary) => {
    const [x, y] = [value(a), value(b)];
    const primary =
      typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
    return primary || label(a).localeCompare(label(b)) || a.name.localeCompare(b.name);
  };
  const sorted = [...clusters].sort(cmp);
  return sort.dir === "asc" ? sorted : sorted.reverse();
}

/** The URL's `sort` and `dir`, or the default for anything else. */
export function parseClusterSort(key: string | undefined, dir: string | undefined): ClusterSort {
  const k = CLUSTER_SORT_KEYS.find((s) => s === key);
  if (!k) return DEFAULT_CLUSTER_SORT;
  return { key: k, dir: dir === "desc" ? "desc" : "asc" };
}
