// GET /api/v1/me — who the caller is (user and role; never the credential)
import { json } from "@/lib/api/respond";
import { meSchema } from "@/lib/model/api";
import { withAuth } from "@/lib/auth/with-auth";

export const GET = withAuth(
  async (_req, { principal }) =>
    json(meSchema, {
      id: principal.userId,
      email: principal.email,
      role: principal.role,
      via: principal.kind,
    }),
  { role: "viewer" },
);
