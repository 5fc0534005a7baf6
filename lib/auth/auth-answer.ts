import "server-only";
import { NextResponse } from "next/server";

/**
 * next-auth's own refusals in the API's error shape: it answers some 4xx with a plain-text body
 * (`POST /api/auth/session` without its CSRF token: 400 `[object Object]`, issue 37.4).
 */
export async function asClientError(response: Response): Promise<Response> {
  if (response.status < 400 || response.status >= 500) return response;
  if (response.headers.get("content-type")?.startsWith("application/json")) return response;
  const answer = NextResponse.json(
    {
      error: {
        code: "bad_request",
        message: "The sign-in service refused the request (a missing CSRF token or field)",
      },
    },
    { status: response.status },
  );
  response.headers.forEach((value, name) => {
    if (name === "set-cookie") answer.headers.append(name, value);
  });
  return answer;
}
