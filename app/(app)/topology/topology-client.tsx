"use client";

import { Maximize2, Minus, Plus, SearchX } from "lucide-react";
import Link from "next/link";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";

import { useTopology } from "@/components/data/use-topology";
import { useTrust } from "@/components/data/use-trust";
import type { ClusterOption } from "@/components/filters/cluster-select";
import { FilterNotice } from "@/components/filters/filter-notice";
import { EmptyFleet } from "@/components/graph/empty-fleet";
import { GraphLegend } from "@/components/graph/graph-legend";
import { NodePanel } from "@/components/graph/node-panel";
import { NodeSearch } from "@/components/graph/node-search";
import type { TopologyCanvasHandle } from "@/components/graph/topology-canvas";
import { LazyTopologyCanvas } from "@/components/graph/topology-canvas-lazy";
import {
  EMPTY_TOPOLOGY_FILTERS,
  Toggle,
  TopologyFilters,
  topologyApiSearch,
  topologySearch,
  type TopologyFilterValues,
} from "@/components/graph/topology-filters";
import { useDocumentTheme } from "@/components/graph/use-theme";
import { DemoMetricsMissing } from "@/components/metrics/demo-metrics-missing";
import { AUTO_FOLD, expandNode, foldNode, foldsBySize } from "@/components/graph/fold-state";
import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import type { UnknownFilter } from "@/lib/domain/unknown-filters";
import type { TopologyQuery } from "@/lib/graph/query";
import type { TopologyDto } from "@/lib/graph/schema";
import type { RoleName } from "@/lib/model/inventory";

type TopologyClientProps = {
  initialQuery: TopologyQuery;
  initialData: TopologyDto;
  /** Filter values from the URL that name nothing, dropped by the server. */
  unknownFilters: UnknownFilter[];
  /** Every cluster, for the cluster filter's display names. */
  clusters: ClusterOption[];
  /** The demo runs without Prometheus: say so and how to get it, instead of "configure a source". */
  demoWithoutPrometheus?: boolean;
  /** The signed-in user's role (what the node panel offers). */
  role: RoleName;
};

function toFilters(q: TopologyQuery): TopologyFilterValues {
  return {
    ...EMPTY_TOPOLOGY_FILTERS,
    region: q.region ?? "",
    cluster: q.cluster ?? "",
    namespace: q.namespace ?? "",
    mesh: q.mesh ?? "",
    exported: q.exported === "true",
    errors: q.errors === "true",
    group: q.group === "namespace",
    collapse: q.collapse ?? AUTO_FOLD,
    expand: q.expand ? q.expand.split(",").filter(Boolean) : [],
  };
}

export function TopologyClient({
  initialQuery,
  initialData,
  unknownFilters,
  clusters: clusterNames,
  demoWithoutPrometheus = false,
  role,
}: TopologyClientProps) {
  const [filters, setFilters] = useState(() => toFilters(initialQuery));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [trustOverlay, setTrustOverlay] = useState(false);
  const trust = useTrust(undefined, trustOverlay);
  const canvas = useRef<TopologyCanvasHandle>(null);
  const theme = useDocumentTheme();
  const search = topologySearch(filters);
  const initialSearch = useMemo(() => topologySearch(toFilters(initialQuery)), [initialQuery]);
  const { data, error, isFetching } = useTopology(
    topologyApiSearch(search),
    search === initialSearch ? initialData : undefined,
  );

  useEffect(() => {
    const url = `${window.location.pathname}${search ? `?${search}` : ""}`;
    if (url !== `${window.location.pathname}${window.location.search}`) {
      window.history.replaceState(null, "", url);
    }
  }, [search]);

  const graph = data ?? initialData;
  const selected = graph.nodes.find((n) => n.id === selectedId) ?? null;
  const handleFound = useCallback((id: string) => {
    setSelectedId(id);
    canvas.current?.focus(id);
  }, []);
  const handleFold = useCallback((id: string, fold: boolean) => {
    setFilters((f) => ({ ...f, ...(fold ? foldNode(f, id) : expandNode(f, id)) }));
  }, []);
  const handleExpand = useCallback((id: string) => handleFold(id, false), [handleFold]);
  // Folded because the map is large (not because the user folded one cluster).
  const foldedRegions = foldsBySize(filters)
    ? graph.nodes.filter((n) => n.kind === "region" && n.collapsed)
    : [];
  const foldedBySize =
    foldsBySize(filters) && graph.nodes.some((n) => n.kind === "cluster" && n.collapsed);
  const calls = graph.edges.filter((e) => e.kind === "call");
  const cross = calls.filter((e) => e.kind === "call" && e.crossCluster).length;
  // Clusters on the map, and those folded into their regions.
  const clusters = graph.nodes.reduce(
    (sum, n) =>
      sum +
      (n.kind === "cluster" ? 1 : n.kind === "region" && n.collapsed ? (n.clusterCount ?? 0) : 0),
    0,
  );
  const services = graph.nodes.filter((n) => n.kind === "service").length;
  const fleetEmpty = graph.totalNodes === 0;

  return (
    <>
      <PageHeader
        title="Topology"
        description={
          fleetEmpty ? (
            "Every region, cluster and service of the fleet, and the calls between them."
          ) : (
            <span data-testid="topology-summary">
              {clusters.toLocaleString("en-US")} {clusters === 1 ? "cluster" : "clusters"} ·{" "}
              {services.toLocaleString("en-US")} services · {calls.length} calls
              {cross ? `, ${cross} cross-cluster` : ""}
            </span>
          )
        }
      />
      <Card className="overflow-hidden">
        {!fleetEmpty ? (
          <div className="border-border flex flex-wrap items-center gap-2 border-b px-4 py-3">
            <NodeSearch nodes={graph.nodes} onFound={handleFound} />
            <TopologyFilters
              values={filters}
              options={graph.filters}
              clusters={clusterNames}
              onChange={setFilters}
            />
          </div>
        ) : null}
        <FilterNotice
          unknown={search === initialSearch ? unknownFilters : []}
          showing={initialSearch ? "the map for the other filters" : "the whole map"}
        />
        {!graph.metrics.configured && !fleetEmpty ? (
          <Banner tone="info">
            {demoWithoutPrometheus ? (
              <DemoMetricsMissing />
            ) : (
              <span data-testid="metrics-banner">
                <strong className="font-semibold">Calls need metrics</strong> — configure a
                Prometheus source to draw the calls between services. The map shows the inventory
                until then.{" "}
                <Link href="/settings/metrics" className="font-medium underline">
                  Configure a Prometheus source
                </Link>
              </span>
            )}
          </Banner>
        ) : null}
        {foldedRegions.length > 0 ? (
          <Banner tone="info">
            <span data-testid="topology-folded-regions">
              <strong className="font-semibold">
                Very large fleet: each region is folded into one box
              </strong>{" "}
              (
              {foldedRegions
                .reduce((n, r) => n + (r.kind === "region" ? (r.clusterCount ?? 0) : 0), 0)
                .toLocaleString("en-US")}{" "}
              clusters in {foldedRegions.length} {foldedRegions.length === 1 ? "region" : "regions"}
              ). Double-click a region, or use its panel, to see its clusters; filter by region,
              mesh or namespace to narrow the map.
            </span>
          </Banner>
        ) : foldedBySize ? (
          <Banner tone="info">
            <span data-testid="topology-folded">
              <strong className="font-semibold">
                Large map: each cluster is folded into one box
              </strong>{" "}
              ({graph.totalNodes} nodes). Double-click a cluster, or use its panel, to unfold it.{" "}
              <button
                type="button"
                className="font-medium underline"
                onClick={() => setFilters({ ...filters, collapse: "none", expand: [] })}
              >
                Show every service
              </button>
            </span>
          </Banner>
        ) : null}
        {graph.errors.length > 0 ? (
          <Banner tone="warning">
            <span data-testid="topology-partial">
              Partial calls: {graph.errors.map((e) => e.message).join("; ")}
            </span>
          </Banner>
        ) : null}
        {error ? (
          <Banner tone="warning">Refresh failed: {error.message}. Showing the last map.</Banner>
        ) : null}
        <div className="relative flex h-[calc(100vh_-_260px)] min-h-[520px]">
          {fleetEmpty ? (
            <div className="flex-1">
              <EmptyFleet />
            </div>
          ) : graph.nodes.length === 0 ? (
            <div className="flex flex-1 items-center justify-center p-6">
              <EmptyState
                icon={<SearchX aria-hidden />}
                title="Nothing matches these filters"
                data-testid="topology-no-match"
                actions={
                  <Button
                    onClick={() =>
                      setFilters({
                        ...EMPTY_TOPOLOGY_FILTERS,
                        group: filters.group,
                        collapse: filters.collapse,
                        expand: filters.expand,
                      })
                    }
                  >
                    Clear filters
                  </Button>
                }
              >
                No service on the map matches every filter. Clear them to see the whole fleet.
              </EmptyState>
            </div>
          ) : (
            <>
              <div className="relative min-w-0 flex-1" data-fetching={isFetching || undefined}>
                <LazyTopologyCanvas
                  graph={graph}
                  selectedId={selectedId}
                  onSelect={setSelectedId}
                  onExpand={handleExpand}
                  theme={theme}
                  fitKey={search}
                  handle={canvas}
                  trustEdges={trustOverlay ? trust.data?.edges : undefined}
                />
                <div
                  className="absolute top-3 right-3 flex flex-col gap-1"
                  role="group"
                  aria-label="Zoom"
                >
                  <Button
                    size="sm"
                    aria-label="Zoom in"
                    onClick={() => canvas.current?.zoomBy(1.25)}
                  >
                    <Plus className="size-3.5" aria-hidden />
                  </Button>
                  <Button
                    size="sm"
                    aria-label="Zoom out"
                    onClick={() => canvas.current?.zoomBy(0.8)}
                  >
                    <Minus className="size-3.5" aria-hidden />
                  </Button>
                  <Button size="sm" aria-label="Fit the map" onClick={() => canvas.current?.fit()}>
                    <Maximize2 className="size-3.5" aria-hidden />
                  </Button>
                </div>
                <div className="absolute top-3 left-3 flex flex-wrap gap-2">
                  <Toggle
                    checked={filters.group}
                    onChange={(group) => setFilters({ ...filters, group })}
                  >
                    Group by namespace
                  </Toggle>
                  <Toggle checked={trustOverlay} onChange={setTrustOverlay}>
                    Trust overlay
                  </Toggle>
                </div>
              </div>
              {selected ? (
                <NodePanel
                  graph={graph}
                  node={selected}
                  onClose={() => setSelectedId(null)}
                  onSelect={handleFound}
                  onFold={handleFold}
                  role={role}
                />
              ) : null}
            </>
          )}
        </div>
        {!fleetEmpty && graph.nodes.length > 0 ? <GraphLegend /> : null}
      </Card>
      {graph.dropped > 0 ? (
        <p className="text-subtle mt-2 text-xs">
          {graph.dropped} observed {graph.dropped === 1 ? "call names" : "calls name"} a service
          Meridian does not know (e.g. an ingress gateway) and {graph.dropped === 1 ? "is" : "are"}{" "}
          not drawn.
        </p>
      ) : null}
    </>
  );
}
