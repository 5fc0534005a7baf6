"use client";

import clsx from "clsx";
import { SearchX } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import type { UnknownFilter } from "@/lib/domain/unknown-filters";
import type { GlobalServiceQuery } from "@/lib/model/inventory";
import {
  globalServiceSearch,
  useGlobalServices,
  type GlobalServiceList,
} from "@/components/data/use-global-services";
import { GlobalServicesTable } from "@/components/services/global-services-table";
import {
  EMPTY_FILTERS,
  ServiceFilters,
  type ServiceFilterValues,
} from "@/components/services/service-filters";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FilterNotice } from "@/components/filters/filter-notice";
import { Banner } from "@/components/ui/banner";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";

const SEARCH_DEBOUNCE_MS = 250;

type ServicesClientProps = {
  initialQuery: GlobalServiceQuery;
  initialData: GlobalServiceList;
  /** Global services in the fleet without any filter, for "3 of 4". */
  total: number;
  clusters: { name: string; displayName: string }[];
  namespaces: string[];
  /** Filter values from the URL that name nothing, dropped by the server. */
  unknownFilters: UnknownFilter[];
};

function toFilters(q: GlobalServiceQuery): ServiceFilterValues {
  return {
    q: q.q ?? "",
    cluster: q.cluster ?? "",
    namespace: q.namespace ?? "",
    mesh: q.mesh ?? "",
    multiCluster: q.multiCluster === "true",
  };
}

function toQuery(f: ServiceFilterValues): GlobalServiceQuery {
  const query: GlobalServiceQuery = {};
  const q = f.q.trim();
  if (q) query.q = q;
  if (f.cluster) query.cluster = f.cluster;
  if (f.namespace) query.namespace = f.namespace;
  if (f.mesh) query.mesh = f.mesh;
  if (f.multiCluster) query.multiCluster = "true";
  return query;
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return debounced;
}

function LoadingRows() {
  return (
    <div role="status" aria-live="polite" className="divide-border divide-y">
      <span className="sr-only">Loading services…</span>
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} className="flex items-center gap-4 px-4 py-3">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-4 w-56" />
          <Skeleton className="h-5 w-48" />
          <Skeleton className="ml-auto h-4 w-16" />
        </div>
      ))}
    </div>
  );
}

export function ServicesClient({
  initialQuery,
  initialData,
  total,
  clusters,
  namespaces,
  unknownFilters,
}: ServicesClientProps) {
  const [filters, setFilters] = useState<ServiceFilterValues>(() => toFilters(initialQuery));
  const debouncedQ = useDebounced(filters.q, SEARCH_DEBOUNCE_MS);
  const query = useMemo(() => toQuery({ ...filters, q: debouncedQ }), [filters, debouncedQ]);
  const search = globalServiceSearch(query);
  const initialSearch = globalServiceSearch(initialQuery);

  // The server render answers exactly the URL's filters; other filters fetch from the API.
  const { data, error, isPending, isFetching, isPlaceholderData, refetch } = useGlobalServices(
    query,
    search === initialSearch ? initialData : undefined,
  );

  // Reflect the filters in the URL without a server round trip, so links can be shared.
  useEffect(() => {
    const url = `${window.location.pathname}${search ? `?${search}` : ""}`;
    if (url !== `${window.location.pathname}${window.location.search}`) {
      window.history.replaceState(null, "", url);
    }
  }, [search]);

  const items = data?.items ?? [];
  const partialErrors = data?.errors ?? [];
  const count = isPending
    ? null
    : search
      ? `${items.length} of ${total} global services`
      : `${total} global ${total === 1 ? "service" : "services"}`;

  return (
    <>
      <PageHeader
        title="Services"
        description={
          <>
            One name per service across the fleet, with the clusters it runs in.
            {count ? (
              <>
                {" "}
                <span className="text-fg font-medium" data-testid="services-count">
                  {count}.
                </span>
              </>
            ) : null}
          </>
        }
      />
      <Card className="overflow-hidden">
        <ServiceFilters
          values={filters}
          clusters={clusters}
          namespaces={namespaces}
          fetching={isFetching && !isPending}
          onChange={setFilters}
        />
        <FilterNotice
          unknown={search === initialSearch ? unknownFilters : []}
          showing={
            Object.keys(initialQuery).length > 0
              ? "every service that matches the other filters"
              : "every service"
          }
        />
        {partialErrors.length > 0 ? (
          <Banner tone="warning">
            Partial results: {partialErrors.map((e) => `${e.source} (${e.message})`).join("; ")}
          </Banner>
        ) : null}
        {error && !data ? (
          <div className="p-4">
            <ErrorPanel
              title="Could not load services"
              message={error.message}
              onRetry={() => void refetch()}
              retrying={isFetching}
            />
          </div>
        ) : isPending ? (
          <LoadingRows />
        ) : items.length === 0 ? (
          <EmptyState
            icon={<SearchX aria-hidden />}
            title="No services match"
            data-testid="services-empty"
            actions={
              search ? (
                <Button onClick={() => setFilters(EMPTY_FILTERS)}>Clear filters</Button>
              ) : undefined
            }
          >
            {search
              ? "Try a different search, or clear the filters to see every global service."
              : "No cluster has reported any services yet. Services appear here once an agent reports."}
          </EmptyState>
        ) : (
          <div className={clsx("transition-opacity", isPlaceholderData && "opacity-60")}>
            {error ? (
              <p
                role="alert"
                className="border-border border-b px-4 py-2 text-[13px] text-red-700 dark:text-red-300"
              >
                Refresh failed: {error.message}. Showing the previous results.
              </p>
            ) : null}
            <GlobalServicesTable services={items} />
            <p className="border-border text-subtle border-t px-4 py-2 text-xs">
              {search
                ? `Showing ${items.length} of ${total}`
                : `${items.length} ${items.length === 1 ? "service" : "services"}`}
            </p>
          </div>
        )}
      </Card>
    </>
  );
}
