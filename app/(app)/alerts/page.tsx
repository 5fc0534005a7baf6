import type { Metadata } from "next";
import { splitUnknownFilters } from "@/lib/domain/unknown-filters";
import { alertQuerySchema, type AlertQueryInput } from "@/lib/model/alerts";
import { listAlerts } from "@/lib/services/fleet-metrics/alerts";
import { listClusters } from "@/lib/store/clusters";
import { listGlobalServices } from "@/lib/store/global-services";
import { requireUser } from "../require-user";
import { AlertsClient } from "./alerts-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Alerts" };

type AlertsPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Keeps the URL's filters that are valid; a bad one is dropped rather than failing the page. */
function parseQuery(raw: Record<string, string | string[] | undefined>): AlertQueryInput {
  const query: AlertQueryInput = {};
  for (const key of Object.keys(alertQuerySchema.shape) as (keyof AlertQueryInput)[]) {
    const value = raw[key];
    const first = Array.isArray(value) ? value[0] : value;
    if (first && alertQuerySchema.safeParse({ [key]: first }).success) query[key] = first;
  }
  return query;
}

export default async function AlertsPage({ searchParams }: AlertsPageProps) {
  await requireUser();
  const asked = parseQuery(await searchParams);
  const [clusters, services] = await Promise.all([listClusters(), listGlobalServices({})]);
  const serviceKeys = services.map((s) => `${s.namespace}/${s.name}`);
  // A cluster or service that names nothing is dropped and said so, not answered "all quiet".
  const { kept: query, unknown } = splitUnknownFilters(asked, {
    cluster: { label: "cluster", values: clusters.map((c) => c.name) },
    globalService: { label: "global service", values: serviceKeys },
  });
  const initial = await listAlerts(alertQuerySchema.parse(query));
  return (
    <AlertsClient
      key={JSON.stringify(query)}
      initialQuery={query}
      initialData={initial}
      unknownFilters={unknown}
      clusters={clusters.map((c) => ({ name: c.name, displayName: c.displayName }))}
      services={serviceKeys}
    />
  );
}
