// GET /api/v1/users — list users; POST /api/v1/users — create a user with a role (admin)
import { json, readJson } from "@/lib/api/respond";
import { parseOrThrow } from "@/lib/api/errors";
import { userListSchema } from "@/lib/model/api";
import { userCreateSchema, userSchema } from "@/lib/model/inventory";
import { withAuth } from "@/lib/auth/with-auth";
import { actorOf } from "@/lib/model/actor";
import { createUser } from "@/lib/services/access/users";
import { listUsers } from "@/lib/store/users";

export const GET = withAuth(async () => json(userListSchema, { items: await listUsers() }), {
  role: "admin",
});

export const POST = withAuth(
  async (req, { principal }) => {
    const input = parseOrThrow(userCreateSchema, await readJson(req));
    return json(userSchema, await createUser(input, actorOf(principal)), 201);
  },
  { role: "admin" },
);
