import "server-only";
import type { ServiceDto, ServiceQuery } from "@/lib/model/inventory";
import { db } from "@/lib/store/client";
import { toServiceDto } from "@/lib/store/cluster-view";

const MAX_RESULTS = 1000;

/** Service instances across clusters (one row per cluster), filtered. */
export async function listServices(q: ServiceQuery): Promise<ServiceDto[]> {
  const text = q.q?.trim();
  const rows = await db().service.findMany({
    where: {
      ...(q.cluster ? { clusterName: q.cluster } : {}),
      ...(q.namespace ? { namespace: q.namespace } : {}),
      ...(text ? { name: { contains: text, mode: "insensitive" as const } } : {}),
    },
    include: { globalService: { select: { hostname: true } } },
    orderBy: [{ namespace: "asc" }, { name: "asc" }, { clusterName: "asc" }],
    take: MAX_RESULTS,
  });
  return rows.map(toServiceDto);
}
