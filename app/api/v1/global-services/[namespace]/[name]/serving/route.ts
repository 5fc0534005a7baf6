// GET /api/v1/global-services/{namespace}/{name}/serving — who would serve each consumer cluster
import { json } from "@/lib/api/respond";
import { notFound } from "@/lib/api/errors";
import { servingDtoSchema } from "@/lib/model/intent";
import { withAuth } from "@/lib/auth/with-auth";
import { getGlobalService } from "@/lib/store/global-services";
import { loadIntent } from "@/lib/store/intent";
import { whoServesWhom } from "@/lib/domain/serving";

export const GET = withAuth(
  async (_req, { params }) => {
    const namespace = String(params.namespace);
    const name = String(params.name);
    const [service, intent] = await Promise.all([getGlobalService(namespace, name), loadIntent()]);
    const own = intent.find((s) => s.namespace === namespace && s.name === name);
    if (!service || !own) throw notFound("Global service");
    const instances = service.clusters.map((c) => ({
      cluster: c.cluster,
      ready: c.endpoints.ready,
      total: c.endpoints.total,
      stale: c.stale,
    }));
    return json(servingDtoSchema, whoServesWhom(own, instances));
  },
  { role: "viewer" },
);
