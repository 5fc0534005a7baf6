import type { Metadata } from "next";
import { alertQuerySchema, type AlertQueryInput } from "@/lib/model/alerts";
import { listAlerts } from "@/lib/services/alerts";
import { listClusters } from "@/lib/services/clusters";
import { listGlobalServices } from "@/lib/services/catalog";
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
  const query = parseQuery(await searchParams);
  const [initial, clusters, services] = await Promise.all([
    listAlerts(alertQuerySchema.parse(query)),
    listClusters(),
    listGlobalServices({}),
  ]);
  return (
    <AlertsClient
      key={JSON.stringify(query)}
      initialQuery={query}
      initialData={initial}
      clusters={clusters.map((c) => c.name)}
      services={services.map((s) => `${s.namespace}/${s.name}`)}
    />
  );
}
