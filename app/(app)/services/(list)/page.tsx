import type { Metadata } from "next";
import { splitUnknownFilters } from "@/lib/domain/unknown-filters";
import { globalServiceQuerySchema, type GlobalServiceQuery } from "@/lib/model/inventory";
import { listClusters } from "@/lib/store/clusters";
import { listGlobalServices } from "@/lib/store/global-services";
import { requireUser } from "../../require-user";
import { ServicesClient } from "./services-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Services" };

type ServicesPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Keeps the URL's filters that are valid; a bad one is dropped rather than failing the page. */
function parseQuery(raw: Record<string, string | string[] | undefined>): GlobalServiceQuery {
  const query: Record<string, string> = {};
  for (const key of Object.keys(globalServiceQuerySchema.shape)) {
    const value = raw[key];
    const first = Array.isArray(value) ? value[0] : value;
    if (!first) continue;
    const one = globalServiceQuerySchema.safeParse({ [key]: first });
    if (one.success) query[key] = first;
  }
  return globalServiceQuerySchema.parse(query);
}

export default async function ServicesPage({ searchParams }: ServicesPageProps) {
  await requireUser();
  const asked = parseQuery(await searchParams);
  const [all, clusters] = await Promise.all([listGlobalServices({}), listClusters()]);
  const namespaces = [...new Set(all.map((s) => s.namespace))].sort();
  // A cluster or namespace that names nothing is dropped and said so, not answered "no match".
  const { kept: query, unknown } = splitUnknownFilters(asked, {
    cluster: { label: "cluster", values: clusters.map((c) => c.name) },
    namespace: { label: "namespace", values: namespaces },
  });
  const items = Object.keys(query).length > 0 ? await listGlobalServices(query) : all;
  const total = all.length;

  return (
    <ServicesClient
      key={JSON.stringify(query)}
      initialQuery={query}
      initialData={{ items, errors: [] }}
      unknownFilters={unknown}
      total={total}
      clusters={clusters.map((c) => ({ name: c.name, displayName: c.displayName }))}
      namespaces={namespaces}
    />
  );
}
