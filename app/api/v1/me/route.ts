// GET /api/v1/me — who the caller is (user and role; never the credential)
import { NextResponse } from "next/server";
import { withAuth } from "@/lib/auth/with-auth";

export const GET = withAuth(
  async (_req, { principal }) =>
    NextResponse.json({
      id: principal.userId,
      email: principal.email,
      role: principal.role,
      via: principal.kind,
    }),
  { role: "viewer" },
);
