// GET /api/v1/trust — who can mTLS with whom: trust groups, "A trusts B" edges, roots and expiry
import { json } from "@/lib/api/respond";
import { withAuth } from "@/lib/auth/with-auth";
import { trustViewSchema } from "@/lib/model/trust";
import { getTrustView } from "@/lib/services/trust/trust";

export const GET = withAuth(async () => json(trustViewSchema, await getTrustView()), {
  role: "viewer",
});
