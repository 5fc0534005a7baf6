import "server-only";
import type { ServingDto } from "@/lib/model/intent";
import { notFound } from "@/lib/domain/errors";
import { whoServesWhom } from "@/lib/domain/serving";
import { getGlobalService } from "@/lib/store/global-services";
import { loadIntent } from "@/lib/store/intent";

/** Who would serve each consumer cluster of a global service, from its intent and inventory. */
export async function servingOf(namespace: string, name: string): Promise<ServingDto> {
  const [service, intent] = await Promise.all([
    getGlobalService(namespace, name),
    loadIntent(undefined, { namespace, name }),
  ]);
  const own = intent.find((s) => s.namespace === namespace && s.name === name);
  if (!service || !own) throw notFound("Global service");
  const instances = service.clusters.map((c) => ({
    cluster: c.cluster,
    ready: c.endpoints.ready,
    total: c.endpoints.total,
    stale: c.stale,
  }));
  return whoServesWhom(own, instances);
}
