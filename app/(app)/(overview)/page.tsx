import { ArrowRight, Boxes, Globe, Hourglass, Network, Server, TriangleAlert } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { OverviewAlerts } from "@/components/alerts/overview-alerts";
import { ClusterCard } from "@/components/clusters/cluster-card";
import { NoClusters } from "@/components/clusters/no-clusters";
import { StaleCallout } from "@/components/clusters/stale-callout";
import { PageHeader } from "@/components/ui/page-header";
import { StatCard } from "@/components/ui/stat-card";
import { getOverviewPage } from "@/lib/store/overview";
import { requireUser } from "../require-user";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Overview" };

// "2 clusters · 1 VM site": sites sit beside the clusters of their region.
function memberCount(members: number, sites: number): string {
  const clusters = members - sites;
  const part = (n: number, one: string, many: string) =>
    `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
  return [
    clusters || !sites ? part(clusters, "cluster", "clusters") : "",
    sites ? part(sites, "VM site", "VM sites") : "",
  ]
    .filter(Boolean)
    .join(" · ");
}

export default async function OverviewPage() {
  const user = await requireUser();
  // Aggregated in SQL, with a few clusters per region: the page costs the same at 2,000 clusters.
  const overview = await getOverviewPage();
  const { counts } = overview;
  // Biggest region first, so the bulk of the fleet is above the fold; ties by name.
  const regions = [...overview.regions].sort(
    (a, b) => b.clusterCount - a.clusterCount || a.region.localeCompare(b.region),
  );
  const siteCount = overview.sites;

  return (
    <>
      <PageHeader
        title="Overview"
        description="Every cluster, mesh and service of your fleet, as last reported by its agent."
      />
      <section
        aria-label="Fleet counts"
        className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6"
      >
        <StatCard
          label="Clusters"
          value={counts.clusters}
          icon={<Server />}
          hint={
            siteCount > 0
              ? `incl. ${siteCount} VM ${siteCount === 1 ? "site" : "sites"}`
              : undefined
          }
        />
        <StatCard label="Meshes" value={counts.meshes} icon={<Network />} />
        <StatCard label="Services" value={counts.services} icon={<Boxes />} />
        <StatCard label="Global services" value={counts.globalServices} icon={<Globe />} />
        <StatCard
          label="Stale clusters"
          value={counts.staleClusters}
          icon={<TriangleAlert />}
          tone={counts.staleClusters > 0 ? "warning" : "default"}
          hint={
            counts.staleClusters > 0
              ? "Agents silent; counts are last known"
              : counts.clusters > 0
                ? "All reporting"
                : undefined
          }
        />
        <StatCard
          label="Pending"
          value={counts.pendingClusters}
          icon={<Hourglass />}
          tone={counts.pendingClusters > 0 ? "info" : "default"}
          hint={
            counts.pendingClusters > 0
              ? "Awaiting an admin"
              : counts.clusters > 0
                ? "None waiting"
                : undefined
          }
        />
      </section>

      <div className="mt-6">
        <OverviewAlerts />
      </div>

      {overview.stale.total > 0 ? (
        <div className="mt-6">
          <StaleCallout clusters={overview.stale.clusters} total={overview.stale.total} />
        </div>
      ) : null}

      <div className="mt-8 space-y-8">
        {counts.clusters === 0 ? (
          <NoClusters canAdd={user.role === "admin"} />
        ) : (
          regions.map((region) => (
            <section key={region.region} aria-labelledby={`region-${region.region}`}>
              <div className="mb-3 flex items-baseline gap-2">
                <h2 id={`region-${region.region}`} className="text-fg text-sm font-semibold">
                  <span className="font-mono">{region.region || "no region"}</span>
                </h2>
                <span className="text-subtle text-xs">
                  {memberCount(region.clusterCount, region.siteCount)}
                </span>
              </div>
              <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
                {region.clusters.map((c) => (
                  <ClusterCard key={c.name} cluster={c} />
                ))}
              </div>
              {region.clusterCount > region.clusters.length ? (
                <p className="text-subtle mt-3 text-[13px]" data-testid="region-more">
                  {`Showing ${region.clusters.length} of ${region.clusterCount.toLocaleString("en-US")}`}
                  {region.staleCount > 0 ? ", stale ones first" : ""}.{" "}
                  <Link
                    href={`/clusters?q=${encodeURIComponent(region.region)}`}
                    className="text-accent inline-flex items-center gap-1 font-medium hover:underline"
                  >
                    All clusters of {region.region || "no region"}
                    <ArrowRight className="size-3.5" aria-hidden />
                  </Link>
                </p>
              ) : null}
            </section>
          ))
        )}
      </div>
    </>
  );
}
