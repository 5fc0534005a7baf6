"use client";

import { ArrowRight, X } from "lucide-react";
import Link from "next/link";
import { useEffect, type ReactNode } from "react";

import { MeshBadge } from "@/components/mesh/mesh-badge";
import { EndpointCount } from "@/components/status/endpoint-count";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import type { TopologyDto, TopologyEdge, TopologyNode } from "@/lib/graph/schema";
import { clusterId, globalServiceId } from "@/lib/graph/model";
import { formatRate } from "./graph-elements";
import type { RoleName } from "@/lib/model/inventory";
import { sharingLink } from "./sharing-link";

type Call = Extract<TopologyEdge, { kind: "call" }>;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1 text-[13px]">
      <dt className="text-subtle">{label}</dt>
      <dd className="text-fg min-w-0 truncate text-right">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-border border-t px-4 py-3">
      <h3 className="text-subtle mb-1.5 text-[11px] font-medium tracking-wide uppercase">
        {title}
      </h3>
      {children}
    </section>
  );
}

const pct = (x: number) => `${(x * 100).toFixed(x > 0 && x < 0.01 ? 2 : 1)}%`;

/** Rate, error ratio and worst p95 over a set of calls (a service's inbound traffic). */
function signals(calls: Call[]) {
  const rps = calls.reduce((s, c) => s + c.requestRate, 0);
  const err = rps > 0 ? calls.reduce((s, c) => s + c.errorRate * c.requestRate, 0) / rps : 0;
  const p95 = Math.max(0, ...calls.map((c) => c.p95Ms));
  return { rps, err, p95 };
}

function CallList({
  calls,
  end,
  byId,
}: {
  calls: Call[];
  end: "source" | "target";
  byId: Map<string, TopologyNode>;
}) {
  if (calls.length === 0) return <p className="text-subtle text-[13px]">None observed.</p>;
  return (
    <ul className="space-y-1">
      {calls.map((c) => {
        const other = byId.get(c[end]);
        return (
          <li key={c.id} className="flex items-center justify-between gap-2 text-[13px]">
            <span className="min-w-0 truncate">
              {other?.label ?? c[end]}
              <span className="text-subtle"> · {other?.cluster}</span>
              {c.unmanaged ? (
                <Badge
                  tone="warning"
                  className="ml-1.5"
                  title="Observed across clusters where no import exists: it bypasses the intent"
                >
                  unmanaged
                </Badge>
              ) : c.crossCluster ? (
                <Badge tone="accent" className="ml-1.5">
                  cross-cluster
                </Badge>
              ) : null}
            </span>
            <span className="text-muted shrink-0 tabular-nums">
              {formatRate(c.requestRate)}
              {c.errorRate > 0 ? (
                <span className="ml-1 text-red-700 dark:text-red-400">{pct(c.errorRate)} err</span>
              ) : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function SharingBadges({ node }: { node: TopologyNode }) {
  return (
    <span className="inline-flex gap-1">
      {node.exported ? <Badge tone="accent">exported</Badge> : null}
      {node.imported ? <Badge tone="info">imported</Badge> : null}
      {!node.exported && !node.imported ? <Badge>not shared</Badge> : null}
    </span>
  );
}

type NodePanelProps = {
  graph: TopologyDto;
  node: TopologyNode;
  onClose: () => void;
  onSelect: (id: string) => void;
  /** Fold (true) or open (false) a cluster on the map. */
  onFold?: (id: string, fold: boolean) => void;
  /** The signed-in user's role: "Change sharing" is for operators and admins. */
  role: RoleName;
};

/** Details of the selected node: health, sharing, instances, calls and links onward. */
export function NodePanel({ graph, node, onClose, onSelect, onFold, role }: NodePanelProps) {
  // Escape closes the panel wherever the focus is (the canvas keeps it after a click), unless
  // a field or an open list uses the key first.
  useEffect(() => {
    const handleKeyDown = (e: KeyboardEvent) => {
      if (e.key === "Escape" && !e.defaultPrevented) onClose();
    };
    document.addEventListener("keydown", handleKeyDown);
    return () => document.removeEventListener("keydown", handleKeyDown);
  }, [onClose]);
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const calls = graph.edges.filter((e): e is Call => e.kind === "call");
  const gsId =
    node.kind === "service" && node.namespace
      ? globalServiceId(node.namespace, node.name)
      : node.id;
  const members = graph.edges
    .filter((e) => e.kind === "member" && e.target === gsId)
    .map((e) => byId.get(e.source))
    .filter((n): n is TopologyNode => n !== undefined);
  // The cluster an instance runs in, by its cluster node: with "Group by namespace" the
  // instance's parent is its namespace, not its cluster.
  const clusterOf = (n: TopologyNode) =>
    n.cluster ? (byId.get(clusterId(n.cluster))?.label ?? n.cluster) : "";
  const globalService = byId.get(gsId);
  // A filter (say, one cluster) leaves fewer instances on the map than the service has.
  const fleetCount =
    globalService?.kind === "global-service" ? globalService.clusterCount : members.length;
  const inbound = calls.filter((c) => c.target === node.id);
  const outbound = calls.filter((c) => c.source === node.id);
  const drawn = signals(
    node.kind === "global-service"
      ? calls.filter((c) => members.some((m) => m.id === c.target))
      : inbound,
  );
  // Every request served (the service page's series), drawn as a call or not.
  const sig = node.inbound
    ? { rps: node.inbound.requestRate, err: node.inbound.errorRate, p95: drawn.p95 }
    : drawn;
  const meshes =
    node.kind === "global-service" && members.length
      ? [...new Set(members.map((m) => m.mesh))].sort()
      : [node.mesh];
  const kindLabel = {
    region: "Region",
    cluster: "Cluster",
    namespace: "Namespace",
    service: "Service",
    "global-service": "Global service",
  }[node.kind];
  const servicePath =
    (node.kind === "service" || node.kind === "global-service") && node.namespace
      ? `/services/${encodeURIComponent(node.namespace)}/${encodeURIComponent(node.name)}`
      : null;

  const sharing = sharingLink(node, role);

  return (
    <aside
      aria-labelledby="node-panel-title"
      data-testid="node-panel"
      className="border-border bg-surface flex h-full w-80 shrink-0 flex-col overflow-y-auto border-l"
    >
      <header className="flex items-start justify-between gap-2 px-4 pt-3 pb-2">
        <div className="min-w-0">
          <p className="text-subtle text-[11px] font-medium tracking-wide uppercase">{kindLabel}</p>
          <h2 id="node-panel-title" className="text-fg truncate text-base font-semibold">
            {node.kind === "region" || node.kind === "cluster" ? node.label : node.label}
          </h2>
          {node.kind === "service" ? (
            <p className="text-muted truncate text-xs">
              {node.namespace} · {clusterOf(node)} · {node.region}
            </p>
          ) : node.kind === "global-service" ? (
            <p className="text-muted truncate font-mono text-xs">{node.hostname}</p>
          ) : null}
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close details"
          className={buttonClasses("ghost", "sm")}
        >
          <X className="size-4" aria-hidden />
        </button>
      </header>
      <dl className="px-4 pb-3">
        {node.kind !== "region" ? (
          <Row label={meshes.length > 1 ? "Meshes" : "Mesh"}>
            <span className="inline-flex gap-1" data-testid="panel-meshes">
              {meshes.map((m) => (
                <MeshBadge key={m} type={m} />
              ))}
            </span>
          </Row>
        ) : null}
        <Row
          label={
            node.kind === "cluster" || node.kind === "region" ? "Endpoints" : "Endpoints ready"
          }
        >
          <EndpointCount
            ready={node.health.ready}
            total={node.health.total}
            stale={node.health.stale}
          />
        </Row>
        {node.kind === "service" || node.kind === "global-service" ? (
          <Row label="Sharing">
            <SharingBadges node={node} />
          </Row>
        ) : null}
        {node.health.alerts > 0 ? <Row label="Alerts">{node.health.alerts} open</Row> : null}
      </dl>
      {node.kind === "service" || node.kind === "global-service" ? (
        <Section title="Golden signals (inbound)">
          {graph.metrics.configured ? (
            <>
              {graph.metrics.window ? (
                <p className="text-subtle text-[11px]" data-testid="panel-signals-window">
                  Server-reported, rate over {graph.metrics.window} — the service page&apos;s series
                </p>
              ) : null}
              <dl data-testid="panel-signals">
                <Row label="Requests">{formatRate(sig.rps)}</Row>
                <Row label="Errors">{pct(sig.err)}</Row>
                <Row label="p95 latency">{sig.p95 > 0 ? `${sig.p95.toFixed(0)} ms` : "—"}</Row>
              </dl>
            </>
          ) : (
            <p className="text-subtle text-[13px]">
              Calls need metrics — configure a Prometheus source.
            </p>
          )}
        </Section>
      ) : null}
      {members.length > 0 ? (
        <Section title={`Runs in ${fleetCount} ${fleetCount === 1 ? "cluster" : "clusters"}`}>
          {fleetCount > members.length ? (
            <p className="text-muted mb-1.5 text-xs" data-testid="panel-instances-filtered">
              {members.length} shown: the map is filtered.{" "}
              {servicePath ? (
                <Link href={servicePath} className="text-fg underline">
                  All {fleetCount} on its page
                </Link>
              ) : null}
            </p>
          ) : null}
          <ul className="space-y-1" data-testid="panel-instances">
            {members.map((m) => (
              <li key={m.id} className="flex items-center justify-between gap-2 text-[13px]">
                <button
                  type="button"
                  onClick={() => onSelect(m.id)}
                  className="text-fg min-w-0 truncate text-left hover:underline"
                >
                  {clusterOf(m)}
                  {m.id === node.id ? <span className="text-subtle"> (this)</span> : null}
                </button>
                <span className="flex shrink-0 items-center gap-1.5">
                  {m.exported ? <Badge tone="accent">exp</Badge> : null}
                  {m.imported ? <Badge tone="info">imp</Badge> : null}
                  <EndpointCount
                    ready={m.health.ready}
                    total={m.health.total}
                    stale={m.health.stale}
                  />
                </span>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {node.kind === "service" && graph.metrics.configured ? (
        <>
          <Section title="Called by">
            <CallList calls={inbound} end="source" byId={byId} />
          </Section>
          <Section title="Calls">
            <CallList calls={outbound} end="target" byId={byId} />
          </Section>
        </>
      ) : null}
      {node.kind === "cluster" || node.kind === "region" ? (
        <Section title={node.kind === "region" ? "Clusters" : "Services"}>
          {node.kind === "cluster" && node.collapsed ? (
            <p className="text-subtle text-[13px]">Folded: unfold it to see its services.</p>
          ) : null}
          {node.kind === "region" && node.collapsed ? (
            <p className="text-subtle text-[13px]">
              {(node.clusterCount ?? 0).toLocaleString("en-US")} clusters, folded: unfold the region
              to see them.
            </p>
          ) : null}
          <ul className="space-y-1">
            {graph.nodes
              .filter((n) => n.parent === node.id)
              .map((n) => (
                <li key={n.id} className="text-[13px]">
                  <button type="button" onClick={() => onSelect(n.id)} className="hover:underline">
                    {n.label}
                  </button>
                </li>
              ))}
          </ul>
        </Section>
      ) : null}
      <div className="mt-auto flex flex-col gap-2 px-4 py-3">
        {servicePath ? (
          <Link href={servicePath} className={buttonClasses("primary", "sm")}>
            Open global service <ArrowRight className="size-3.5" aria-hidden />
          </Link>
        ) : null}
        {sharing ? (
          // Export and import go through the plan → apply flow of the sharing page.
          <Link href={sharing} className={buttonClasses("secondary", "sm")}>
            Change sharing (plan → apply)
          </Link>
        ) : null}
        {(node.kind === "cluster" || (node.kind === "region" && node.collapsed)) && onFold ? (
          <button
            type="button"
            onClick={() => onFold(node.id, !node.collapsed)}
            className={buttonClasses(node.collapsed ? "primary" : "secondary", "sm")}
          >
            {node.collapsed ? "Unfold on the map" : "Fold on the map"}
          </button>
        ) : null}
        {node.kind === "cluster" && node.cluster ? (
          <Link
            href={`/clusters/${encodeURIComponent(node.cluster)}`}
            className={buttonClasses("secondary", "sm")}
          >
            Open cluster <ArrowRight className="size-3.5" aria-hidden />
          </Link>
        ) : null}
      </div>
    </aside>
  );
}
