// ANY /api/v1/* — unknown API routes: 401 when anonymous, otherwise a JSON 404
import { ApiError } from "@/lib/api/errors";
import { withAuth } from "@/lib/auth/with-auth";

const unknownRoute = withAuth(
  async (req) => {
    throw new ApiError(404, "not_found", `No API route ${req.method} ${req.nextUrl.pathname}`);
  },
  { role: "viewer" },
);

export {
  unknownRoute as GET,
  unknownRoute as POST,
  unknownRoute as PUT,
  unknownRoute as PATCH,
  unknownRoute as DELETE,
};
