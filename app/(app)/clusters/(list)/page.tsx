import type { Metadata } from "next";
import { AddClusterButton } from "@/components/clusters/add-cluster-dialog";
import { ClustersTable } from "@/components/clusters/clusters-table";
import { NoClusters } from "@/components/clusters/no-clusters";
import { StaleCallout } from "@/components/clusters/stale-callout";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { listClusters } from "@/lib/services/clusters";
import { requireUser } from "../../require-user";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Clusters" };

export default async function ClustersPage() {
  const user = await requireUser();
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
          <Card className="overflow-hidden">
            <ClustersTable clusters={clusters} />
          </Card>
        </div>
      )}
    </>
  );
}
