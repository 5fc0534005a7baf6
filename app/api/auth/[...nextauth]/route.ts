// GET|POST /api/auth/* — next-auth's sign-in, sign-out and session endpoints (public by design)
import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { publicRoute } from "@/lib/auth/with-auth";
import { authOptions } from "@/lib/auth/options";
import { asRateLimitAnswer } from "@/lib/auth/sign-in-limit";

type NextAuthContext = { params: Promise<{ nextauth: string[] }> };

const handle = publicRoute(async (req: NextRequest, { params }) => {
  const handler = NextAuth(authOptions()) as (
    req: NextRequest,
    ctx: NextAuthContext,
  ) => Promise<Response>;
  // A sign-in refused by the limit answers 429 with Retry-After (next-auth itself says 401).
  return asRateLimitAnswer(
    await handler(req, { params: Promise.resolve(params as { nextauth: string[] }) }),
  );
});

export { handle as GET, handle as POST };
