// GET|POST /api/auth/* — next-auth's sign-in, sign-out and session endpoints (public by design)
import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { publicRoute } from "@/lib/auth/with-auth";
import { authBaseUrl, authOptions } from "@/lib/auth/options";
import { authRequestFor } from "@/lib/auth/auth-request";
import { asClientError } from "@/lib/auth/auth-answer";
import { asRateLimitAnswer } from "@/lib/auth/sign-in-limit";

type NextAuthContext = { params: Promise<{ nextauth: string[] }> };

const handle = publicRoute(async (req: NextRequest, { params }) => {
  const action = (params.nextauth as string[] | undefined)?.[0];
  // next-auth's client posts its own errors here for the server's log: anonymous text in our
  // log lines, unthrottled (issue 37.10). Nothing of Meridian's client needs it.
  if (action === "_log") return new Response(null, { status: 204 });
  const handler = NextAuth(authOptions()) as (
    req: NextRequest,
    ctx: NextAuthContext,
  ) => Promise<Response>;
  const request = await authRequestFor(req, authBaseUrl(req));
  // A sign-in refused by the limit answers 429 with Retry-After (next-auth itself says 401).
  return asClientError(
    await asRateLimitAnswer(
      await handler(request, { params: Promise.resolve(params as { nextauth: string[] }) }),
    ),
  );
});

export { handle as GET, handle as POST };
