import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Breadcrumb } from "@/components/ui/breadcrumb";
import { AcceptClusterCallout } from "@/components/clusters/accept-cluster-callout";
import { AgentPanel } from "@/components/clusters/agent-panel";
import { ClusterDangerZone } from "@/components/clusters/cluster-danger-zone";
import { ClusterMeta } from "@/components/clusters/cluster-meta";
import { ClusterObjects } from "@/components/clusters/cluster-objects";
import { EditClusterButton } from "@/components/clusters/edit-cluster-dialog";
import { ClusterServicesTable } from "@/components/clusters/cluster-services-table";
import { MeshesTable } from "@/components/clusters/meshes-table";
import { StaleCallout } from "@/components/clusters/stale-callout";
import { MeshBadges } from "@/components/mesh/mesh-badge";
import { EndpointCount } from "@/components/status/endpoint-count";
import {
  AgentStatusBadge,
  ClusterStateBadge,
  SimulatedBadge,
} from "@/components/status/status-badges";
import { PageHeader } from "@/components/ui/page-header";
import { getCluster } from "@/lib/store/clusters";
import { requireUser } from "../../require-user";

export const dynamic = "force-dynamic";

type ClusterPageProps = { params: Promise<{ name: string }> };

export async function generateMetadata({ params }: ClusterPageProps): Promise<Metadata> {
  const { name } = await params;
  return { title: decodeURIComponent(name) };
}

export default async function ClusterPage({ params }: ClusterPageProps) {
  const user = await requireUser();
  const { name } = await params;
  const cluster = await getCluster(decodeURIComponent(name));
  if (!cluster) notFound();
  const isAdmin = user.role === "admin";

  return (
    <>
      <PageHeader
        eyebrow={
          <Breadcrumb parent={{ href: "/clusters", label: "Clusters" }} current={cluster.name} />
        }
        title={cluster.displayName || cluster.name}
        actions={
          isAdmin ? (
            <EditClusterButton
              cluster={{
                name: cluster.name,
                displayName: cluster.displayName,
                region: cluster.region,
                labels: cluster.labels,
                version: cluster.version,
              }}
            />
          ) : undefined
        }
        description={
          <span className="font-mono text-xs">
            {cluster.name} · {cluster.region}
            {cluster.zone ? ` / ${cluster.zone}` : ""}
          </span>
        }
      >
        <div className="mt-3 flex flex-wrap items-center gap-1.5" data-testid="cluster-badges">
          <ClusterStateBadge state={cluster.state} />
          {cluster.agent.status !== cluster.state ? (
            <AgentStatusBadge status={cluster.agent.status} />
          ) : null}
          {cluster.simulated ? <SimulatedBadge /> : null}
          <MeshBadges meshes={cluster.meshes} />
          <span className="text-muted ml-2 text-xs">
            {cluster.lastSeenAt === null ? (
              "No inventory reported yet"
            ) : (
              <>
                {cluster.serviceCount} services ·{" "}
                <EndpointCount ready={cluster.endpoints.ready} total={cluster.endpoints.total} />{" "}
                endpoints ready
                {cluster.stale ? (
                  <span className="ml-1 text-amber-800 dark:text-amber-400">(last known)</span>
                ) : null}
              </>
            )}
          </span>
        </div>
      </PageHeader>

      {cluster.state === "pending" ? (
        <div className="mb-6">
          <AcceptClusterCallout
            name={cluster.name}
            version={cluster.version}
            registered={cluster.agent.version !== "" || cluster.lastSeenAt !== null}
            canAccept={isAdmin}
          />
        </div>
      ) : null}

      {cluster.stale ? (
        <div className="mb-6">
          <StaleCallout clusters={[cluster]} />
        </div>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_19rem]">
        <div className="min-w-0 space-y-4">
          <MeshesTable meshes={cluster.meshes} reported={cluster.lastSeenAt !== null} />
          <ClusterObjects name={cluster.name} />
          <ClusterServicesTable services={cluster.services} stale={cluster.stale} />
        </div>
        <div className="space-y-4">
          <AgentPanel
            cluster={{ name: cluster.name, state: cluster.state, agent: cluster.agent }}
            canManage={isAdmin}
          />
          <ClusterMeta cluster={cluster} />
          {isAdmin ? (
            <ClusterDangerZone
              cluster={{
                name: cluster.name,
                displayName: cluster.displayName,
                state: cluster.state,
                version: cluster.version,
              }}
            />
          ) : null}
        </div>
      </div>
    </>
  );
}
