"use client";

import { Search, SearchX, X } from "lucide-react";
import { useEffect, useState } from "react";
import type { ClusterSummary } from "@/lib/model/inventory";
import {
  DEFAULT_CLUSTER_SORT,
  searchClusters,
  sortClusters,
  type ClusterSort,
  type ClusterSortKey,
} from "@/components/clusters/cluster-list-view";
import { ClustersTable } from "@/components/clusters/clusters-table";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/field";

type ClustersClientProps = {
  clusters: ClusterSummary[];
  initialSearch: string;
  initialSort: ClusterSort;
};

/** The URL's search string for a view: `q`, `sort` and `dir`, defaults left out. */
function viewSearch(q: string, sort: ClusterSort): string {
  const p = new URLSearchParams();
  if (q.trim()) p.set("q", q.trim());
  if (sort.key !== DEFAULT_CLUSTER_SORT.key || sort.dir !== DEFAULT_CLUSTER_SORT.dir) {
    p.set("sort", sort.key);
    p.set("dir", sort.dir);
  }
  return p.toString();
}

/** The clusters table with its search box and sortable columns; the view lives in the URL. */
export function ClustersClient({ clusters, initialSearch, initialSort }: ClustersClientProps) {
  const [q, setQ] = useState(initialSearch);
  const [sort, setSort] = useState(initialSort);
  const shown = sortClusters(searchClusters(clusters, q), sort);
  const search = viewSearch(q, sort);

  useEffect(() => {
    const url = `${window.location.pathname}${search ? `?${search}` : ""}`;
    if (url !== `${window.location.pathname}${window.location.search}`)
      window.history.replaceState(null, "", url);
  }, [search]);

  // A second click on the sorted column turns the order around.
  const handleSort = (key: ClusterSortKey) =>
    setSort((s) =>
      s.key === key ? { key, dir: s.dir === "asc" ? "desc" : "asc" } : { key, dir: "asc" },
    );

  return (
    <Card className="overflow-hidden">
      <div
        role="search"
        className="border-border flex flex-wrap items-center gap-2 border-b px-4 py-3"
      >
        <div className="relative min-w-0 flex-[0_1_20rem]">
          <Search
            className="text-subtle pointer-events-none absolute top-1/2 left-2.5 size-3.5 -translate-y-1/2"
            aria-hidden
          />
          <Input
            type="search"
            aria-label="Search clusters"
            placeholder="Search name, region, label"
            title="Search by id, display name, provider, region, zone or label (key=value)"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            className="pl-8"
          />
        </div>
        <span className="text-subtle text-xs" aria-live="polite" data-testid="clusters-shown">
          {q.trim() ? `${shown.length} of ${clusters.length}` : null}
        </span>
      </div>
      {shown.length === 0 ? (
        <EmptyState
          icon={<SearchX aria-hidden />}
          title="No clusters match"
          actions={
            <Button onClick={() => setQ("")}>
              <X className="size-3.5" aria-hidden />
              Clear search
            </Button>
          }
        >
          No cluster&apos;s name, region, zone or labels contain “{q.trim()}”.
        </EmptyState>
      ) : (
        <ClustersTable clusters={shown} sort={sort} onSort={handleSort} />
      )}
    </Card>
  );
}
