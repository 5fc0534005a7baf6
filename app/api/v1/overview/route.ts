// GET /api/v1/overview — fleet counts and clusters by region
import { json } from "@/lib/api/respond";
import { overviewSchema } from "@/lib/model/inventory";
import { withAuth } from "@/lib/auth/with-auth";
import { getOverview } from "@/lib/store/overview";

export const GET = withAuth(async () => json(overviewSchema, await getOverview()), {
  role: "viewer",
});
