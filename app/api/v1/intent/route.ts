// GET /api/v1/intent — every global service's sharing and failover intent, with its version
import { NextResponse } from "next/server";
import { withAuth } from "@/lib/auth/with-auth";
import { loadIntent } from "@/lib/db/intent-store";

export const GET = withAuth(async () => NextResponse.json({ items: await loadIntent() }), {
  role: "viewer",
});
