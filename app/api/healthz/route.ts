// GET /api/healthz — liveness and database reachability (no auth, no details)
import { json, RETRY_AFTER_SECONDS } from "@/lib/api/respond";
import { healthSchema } from "@/lib/model/api";
import { publicRoute } from "@/lib/auth/with-auth";
import { pingDatabase } from "@/lib/store/health";

export const dynamic = "force-dynamic";

export const GET = publicRoute(async () => {
  try {
    const latencyMs = await pingDatabase();
    return json(healthSchema, { status: "ok", database: { reachable: true, latencyMs } });
  } catch {
    // Like every 503 Meridian gives: a probe or a script backs off instead of hammering it.
    return json(healthSchema, { status: "degraded", database: { reachable: false } }, 503, {
      "Retry-After": String(RETRY_AFTER_SECONDS),
    });
  }
});
