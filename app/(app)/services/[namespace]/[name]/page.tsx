import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Breadcrumb } from "@/components/ui/breadcrumb";
import { ServiceAlertsSection } from "@/components/alerts/service-alerts-section";
import { MembersTable } from "@/components/global-service/members-table";
import { CrossClusterTraffic } from "@/components/global-service/cross-cluster-traffic";
import { GoldenSignalsCard } from "@/components/metrics/golden-signals-card";
import { FailoverSection } from "@/components/intent/failover-section";
import { HealthBadge } from "@/components/status/status-badges";
import { EndpointCount } from "@/components/status/endpoint-count";
import { PageHeader } from "@/components/ui/page-header";
import { getGlobalService } from "@/lib/store/global-services";
import { demoRunsWithoutPrometheus } from "@/lib/services/fleet-metrics/service-metrics";
import { observedCrossClusterCalls } from "@/lib/services/inventory/topology-default-service";
import { requireUser } from "../../../require-user";

export const dynamic = "force-dynamic";

type GlobalServicePageProps = { params: Promise<{ namespace: string; name: string }> };

export async function generateMetadata({ params }: GlobalServicePageProps): Promise<Metadata> {
  const { namespace, name } = await params;
  return { title: `${decodeURIComponent(name)}.${decodeURIComponent(namespace)}` };
}

// One global service: who runs it, its golden signals, alerts, and sharing/failover intent.
// Sections are owned by their features (metrics, alerts, intent) and stack in this order.
export default async function GlobalServicePage({ params }: GlobalServicePageProps) {
  const user = await requireUser();
  const { namespace, name } = await params;
  const service = await getGlobalService(decodeURIComponent(namespace), decodeURIComponent(name));
  if (!service) notFound();
  const canChange = user.role !== "viewer";
  // Observed versus intended: the map's calls to this service that cross clusters.
  const traffic = await observedCrossClusterCalls().catch(() => ({ calls: [], window: null }));
  const rows = traffic.calls
    .filter((c) => c.namespace === service.namespace && c.name === service.name)
    .map((c) => ({
      sourceCluster: c.sourceCluster,
      sourceName: c.sourceLabel,
      destinationCluster: c.destinationCluster,
      destinationName: c.destinationLabel,
      requestRate: c.requestRate,
      errorRate: c.errorRate,
      unmanaged: c.unmanaged,
    }));

  return (
    <>
      <PageHeader
        eyebrow={
          <Breadcrumb
            parent={{ href: "/services", label: "Services" }}
            current={`${service.namespace}/${service.name}`}
          />
        }
        title={service.name}
        description={<span className="font-mono text-xs">{service.hostname}</span>}
      >
        <div className="mt-3 flex flex-wrap items-center gap-2" data-testid="global-service-badges">
          <HealthBadge health={service.health} />
          <span className="text-muted text-xs">
            {service.clusters.length} {service.clusters.length === 1 ? "cluster" : "clusters"} ·{" "}
            <EndpointCount ready={service.endpoints.ready} total={service.endpoints.total} />{" "}
            endpoints ready
          </span>
        </div>
      </PageHeader>

      <div className="space-y-4" data-can-change={canChange ? "true" : "false"}>
        <MembersTable service={service} />
        <GoldenSignalsCard
          namespace={service.namespace}
          name={service.name}
          demoWithoutPrometheus={demoRunsWithoutPrometheus()}
          clusterLabels={Object.fromEntries(
            service.clusters.map((m) => [m.cluster, m.displayName || m.cluster]),
          )}
        />
        <CrossClusterTraffic rows={rows} window={traffic.window} />
        <ServiceAlertsSection namespace={service.namespace} name={service.name} />
        <FailoverSection service={service} canChange={canChange} />
      </div>
    </>
  );
}
