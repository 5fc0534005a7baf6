// GET /api/v1/trust/bundles/{trust-domain} — the trust domain's SPIFFE bundle (public: SPIFFE
// federation's https_web profile fetches it without credentials; it holds only public roots)
import { parseOrThrow } from "@/lib/api/errors";
import { json } from "@/lib/api/respond";
import { publicRoute } from "@/lib/auth/with-auth";
import { spiffeBundleSchema, trustDomainParamSchema } from "@/lib/model/trust";
import { getTrustBundle } from "@/lib/services/trust/trust";

export const dynamic = "force-dynamic";

export const GET = publicRoute(async (_req, { params }) => {
  const trustDomain = parseOrThrow(trustDomainParamSchema, String(params.trustDomain ?? ""));
  return json(spiffeBundleSchema, await getTrustBundle(trustDomain), 200, {
    "Cache-Control": "no-cache",
  });
});
