// How long to wait after a rate-limit refusal, in words and in next-auth's error code: shared
// by the API's error message (lib/domain/errors.ts), the sign-in limit (lib/auth/sign-in-limit.ts)
// and the sign-in page, which counts down.

/** 42 → "42 seconds", 61 → "2 minutes" (rounded up: never promise less than the wait). */
export function waitInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

// next-auth turns an error thrown in `authorize` into `?error=<message>` (and `result.error` in
// its client); this prefix marks a refusal by the sign-in limit, followed by the seconds to wait.
const SIGN_IN_LIMITED = "RateLimited:";

/** The error code the sign-in limit throws for next-auth to report. */
export function signInLimitedCode(retryAfterSeconds: number): string {
  return `${SIGN_IN_LIMITED}${retryAfterSeconds}`;
}

/** "RateLimited:37" → 37; any other code (or none) → null. */
export function signInRetryAfter(errorCode: string | null | undefined): number | null {
  const m = /^RateLimited:(\d+)$/.exec(errorCode ?? "");
  return m ? Number(m[1]) : null;
}
