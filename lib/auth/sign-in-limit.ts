import "server-only";
import { clientIp, headerGetter } from "@/lib/api/client-ip";
import { errorResponse } from "@/lib/api/respond";
import { RateLimitedError } from "@/lib/domain/errors";
import { signInLimitedCode, signInRetryAfter } from "@/lib/domain/retry-wait";
import { env } from "@/lib/infra/env";
import { beginSignIn, signInSucceeded } from "@/lib/services/access/abuse-limits";

/**
 * Runs a credentials check under the sign-in limits (lib/services/access/abuse-limits.ts): refused
 * attempts throw for next-auth to report, a success gives the attempt back.
 */
export async function limitedSignIn<U>(
  email: string,
  headers: Record<string, unknown> | undefined,
  check: () => Promise<U | null>,
): Promise<U | null> {
  const ip = clientIp(headerGetter(headers), env().MERIDIAN_TRUSTED_PROXIES);
  try {
    await beginSignIn(email, ip);
  } catch (error) {
    if (error instanceof RateLimitedError)
      throw new Error(signInLimitedCode(error.retryAfterSeconds));
    throw error;
  }
  const user = await check();
  if (user) await signInSucceeded(email, ip);
  return user;
}

/**
 * next-auth answers a refused sign-in with 401 and a URL carrying the error: make that a 429
 * with Retry-After and the API's error body, keeping the `url` next-auth's client reads.
 */
export async function asRateLimitAnswer(response: Response): Promise<Response> {
  if (response.status !== 401) return response;
  const location = response.headers.get("location");
  const isJson = response.headers.get("content-type")?.startsWith("application/json");
  const url = location ?? (isJson ? await urlOf(response.clone()) : null);
  const wait = url ? signInRetryAfter(new URL(url, "http://x").searchParams.get("error")) : null;
  if (wait === null) return response;
  const answer = errorResponse(new RateLimitedError("Too many failed sign-ins", wait));
  const body = (await answer.json()) as Record<string, unknown>;
  const headers = new Headers(answer.headers);
  response.headers.forEach((value, name) => {
    if (name === "set-cookie") headers.append(name, value);
  });
  return new Response(JSON.stringify({ ...body, url }), { status: 429, headers });
}

async function urlOf(response: Response): Promise<string | null> {
  const body = (await response.json().catch(() => null)) as { url?: unknown } | null;
  return typeof body?.url === "string" ? body.url : null;
}
