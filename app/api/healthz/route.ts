// GET /api/healthz — liveness and database reachability (no auth, no details)
import { json } from "@/lib/api/respond";
import { healthSchema } from "@/lib/model/api";
import { publicRoute } from "@/lib/auth/with-auth";
import { pingDatabase } from "@/lib/services/health";

export const dynamic = "force-dynamic";

export const GET = publicRoute(async () => {
  try {
    const latencyMs = await pingDatabase();
    return json(healthSchema, { status: "ok", database: { reachable: true, latencyMs } });
  } catch {
    return json(healthSchema, { status: "degraded", database: { reachable: false } }, 503);
  }
});
