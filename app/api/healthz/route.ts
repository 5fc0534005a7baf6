// GET /api/healthz — liveness and database reachability (no auth, no details)
import { NextResponse } from "next/server";
import { publicRoute } from "@/lib/auth/with-auth";
import { db } from "@/lib/store/client";

export const dynamic = "force-dynamic";

export const GET = publicRoute(async () => {
  const started = Date.now();
  try {
    await db().$queryRaw`SELECT 1`;
    return NextResponse.json({
      status: "ok",
      database: { reachable: true, latencyMs: Date.now() - started },
    });
  } catch {
    return NextResponse.json(
      { status: "degraded", database: { reachable: false } },
      { status: 503 },
    );
  }
});
