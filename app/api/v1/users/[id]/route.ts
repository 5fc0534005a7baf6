// PATCH /api/v1/users/{id} — change a user's role or disable/enable them; DELETE — delete (admin)
import { NextResponse } from "next/server";
import { json, readJson } from "@/lib/api/respond";
import { parseOrThrow } from "@/lib/api/errors";
import { userSchema, userUpdateSchema } from "@/lib/model/inventory";
import { withAuth } from "@/lib/auth/with-auth";
import { actorOf } from "@/lib/model/actor";
import { changeUser, deleteUser } from "@/lib/services/access/user-admin";

export const PATCH = withAuth(
  async (req, { params, principal }) => {
    const change = parseOrThrow(userUpdateSchema, await readJson(req));
    return json(
      userSchema,
      await changeUser(String(params.id), change, actorOf(principal), principal.userId),
    );
  },
  { role: "admin" },
);

export const DELETE = withAuth(
  async (_req, { params, principal }) => {
    await deleteUser(String(params.id), actorOf(principal), principal.userId);
    return new NextResponse(null, { status: 204 });
  },
  { role: "admin" },
);
