import type { Metadata } from "next";
import { globalServiceQuerySchema, type GlobalServiceQuery } from "@/lib/model/inventory";
import { listClusters } from "@/lib/services/clusters";
import { listGlobalServices } from "@/lib/services/catalog";
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
  const query = parseQuery(await searchParams);
  const filtered = Object.keys(query).length > 0;
  const [items, all, clusters] = await Promise.all([
    listGlobalServices(query),
    filtered ? listGlobalServices({}) : null,
    listClusters(),
  ]);
  const namespaces = [...new Set((all ?? items).map((s) => s.namespace))].sort();
  const total = (all ?? items).length;

  return (
    <ServicesClient
      key={JSON.stringify(query)}
      initialQuery={query}
      initialData={{ items, errors: [] }}
      total={total}
      clusters={clusters.map((c) => ({ name: c.name, displayName: c.displayName }))}
      namespaces={namespaces}
    />
  );
}
