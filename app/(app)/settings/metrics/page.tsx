import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { listClusters } from "@/lib/store/clusters";
import { getAllowList } from "@/lib/services/fleet-metrics/allow-list";
import { listMetricsSources } from "@/lib/services/fleet-metrics/metrics-sources";
import { requireUser } from "../../require-user";
import { MetricsSettingsClient } from "./metrics-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Metrics" };

export default async function MetricsSettingsPage() {
  const user = await requireUser();
  const isAdmin = user.role === "admin";
  const [sources, clusters, allowList] = await Promise.all([
    listMetricsSources(),
    listClusters(),
    isAdmin ? getAllowList() : Promise.resolve(undefined),
  ]);
  return (
    <>
      <PageHeader
        eyebrow="Settings"
        title="Metrics"
        description="Prometheus-compatible sources Meridian reads golden signals and alerts from: a federating Prometheus, Thanos or Mimir, and/or one Prometheus per cluster."
      />
      <MetricsSettingsClient
        initialSources={sources}
        clusters={clusters.map((c) => c.name)}
        isAdmin={isAdmin}
        initialAllowList={allowList}
      />
    </>
  );
}
