import { Boxes, Globe, Hourglass, Network, Server, TriangleAlert } from "lucide-react";
import type { Metadata } from "next";
import { OverviewAlerts } from "@/components/alerts/overview-alerts";
import { ClusterCard } from "@/components/clusters/cluster-card";
import { NoClusters } from "@/components/clusters/no-clusters";
import { StaleCallout } from "@/components/clusters/stale-callout";
import { PageHeader } from "@/components/ui/page-header";
import { StatCard } from "@/components/ui/stat-card";
import { getOverview } from "@/lib/services/catalog";
import { requireUser } from "../require-user";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Overview" };

// "2 clusters · 1 VM site": sites sit beside the clusters of their region.
function memberCount(members: { kind: string }[]): string {
  const sites = members.filter((c) => c.kind === "vm-site").length;
  const clusters = members.length - sites;
  const part = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return [
    clusters || !sites ? part(clusters, "cluster", "clusters") : "",
    sites ? part(sites, "VM site", "VM sites") : "",
  ]
    .filter(Boolean)
    .join(" · ");
}

export default async function OverviewPage() {
  const user = await requireUser();
  const overview = await getOverview();
  const { counts } = overview;
  // Biggest region first, so the bulk of the fleet is above the fold; ties by name.
  const regions = [...overview.regions].sort(
    (a, b) => b.clusters.length - a.clusters.length || a.region.localeCompare(b.region),
  );
  const stale = regions.flatMap((r) => r.clusters).filter((c) => c.stale);
  const siteCount = regions.flatMap((r) => r.clusters).filter((c) => c.kind === "vm-site").length;

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

      {stale.length > 0 ? (
        <div className="mt-6">
          <StaleCallout clusters={stale} />
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
                <span className="text-subtle text-xs">{memberCount(region.clusters)}</span>
              </div>
              <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
                {region.clusters.map((c) => (
                  <ClusterCard key={c.name} cluster={c} />
                ))}
              </div>
            </section>
          ))
        )}
      </div>
    </>
  );
}
