// DELETE /api/v1/users/{id}/sessions — end every session of a user (admin)
import { NextResponse } from "next/server";
import { withAuth } from "@/lib/auth/with-auth";
import { actorOf } from "@/lib/model/actor";
import { endSessions } from "@/lib/services/access/user-admin";

export const DELETE = withAuth(
  async (_req, { params, principal }) => {
    await endSessions(String(params.id), actorOf(principal));
    return new NextResponse(null, { status: 204 });
  },
  { role: "admin" },
);
