// GET /api/healthz — liveness and database reachability (no auth, no details)
import { NextResponse } from "next/server";
import { publicRoute } from "@/lib/auth/with-auth";
import { pingDatabase } from "@/lib/services/health";

export const dynamic = "force-dynamic";

export const GET = publicRoute(async () => {
  try {
    const latencyMs = await pingDatabase();
    return NextResponse.json({ status: "ok", database: { reachable: true, latencyMs } });
  } catch {
    return NextResponse.json(
      { status: "degraded", database: { reachable: false } },
      { status: 503 },
    );
  }
});
