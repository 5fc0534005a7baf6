// GET /api/v1/overview — fleet counts and clusters by region
import { json } from "@/lib/api/respond";
import { overviewSchema } from "@/lib/model/inventory";
import { withAuth } from "@/lib/auth/with-auth";
import { getOverview } from "@/lib/services/inventory/catalog";

export const GET = withAuth(async () => json(overviewSchema, await getOverview()), {
  role: "viewer",
});
