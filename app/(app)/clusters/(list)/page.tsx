import type { Metadata } from "next";
import { AddClusterButton } from "@/components/clusters/add-cluster-dialog";
import { parseClusterSort } from "@/components/clusters/cluster-list-view";
import { NoClusters } from "@/components/clusters/no-clusters";
import { StaleCallout } from "@/components/clusters/stale-callout";
import { PageHeader } from "@/components/ui/page-header";
import { listClusters } from "@/lib/store/clusters";
import { requireUser } from "../../require-user";
import { ClustersClient } from "./clusters-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Clusters" };

type ClustersPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function ClustersPage({ searchParams }: ClustersPageProps) {
  const user = await requireUser();
  const params = await searchParams;
  const isAdmin = user.role === "admin";
  const clusters = await listClusters();
  const stale = clusters.filter((c) => c.stale);
  const regions = new Set(clusters.map((c) => c.region)).size;

  return (
    <>
      <PageHeader
        title="Clusters"
        actions={isAdmin ? <AddClusterButton /> : undefined}
        description={
          clusters.length === 0
            ? "Kubernetes clusters and VM sites whose agents report to Meridian."
            : `${clusters.length} ${clusters.length === 1 ? "cluster" : "clusters"} in ${regions} ${regions === 1 ? "region" : "regions"}.`
        }
      />
      {clusters.length === 0 ? (
        <NoClusters canAdd={isAdmin} />
      ) : (
        <div className="space-y-4">
          <StaleCallout clusters={stale} />
          <ClustersClient
            clusters={clusters}
            initialSearch={first(params.q)?.slice(0, 100) ?? ""}
            initialSort={parseClusterSort(first(params.sort), first(params.dir))}
          />
        </div>
      )}
    </>
  );
}
