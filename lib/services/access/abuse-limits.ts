import "server-only";
import { createHash } from "node:crypto";
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { RateLimitedError } from "@/lib/domain/errors";
import { env } from "@/lib/infra/env";
import { sharedLimiter } from "@/lib/store/rate-limits";

// Abuse limits (issue 19): password guessing, agent registration floods and token minting.
// Sign-in and registration count in Postgres, shared by every replica (two replicas must not
// double an attacker's budget); token creation is per signed-in user and per process.

type Limits = {
  signInAccount: RateLimiterAbstract;
  signInIp: RateLimiterAbstract;
  registration: RateLimiterAbstract;
  joinTokens: RateLimiterAbstract;
  apiTokens: RateLimiterAbstract;
};

// Per process: the token budgets themselves, and the sizes read from the environment once.
const state = globalThis as unknown as {
  meridianTokenLimits?: Pick<Limits, "joinTokens" | "apiTokens">;
};

function limits(): Limits {
  const e = env();
  const window = e.MERIDIAN_SIGNIN_WINDOW_SECONDS;
  state.meridianTokenLimits ??= {
    joinTokens: new RateLimiterMemory({ keyPrefix: "join-token", points: 60, duration: 3600 }),
    apiTokens: new RateLimiterMemory({ keyPrefix: "api-token", points: 30, duration: 3600 }),
  };
  return {
    // 5 attempts per account per window; 4× that per address (many accounts, one attacker).
    signInAccount: sharedLimiter("signin:account", e.MERIDIAN_SIGNIN_ATTEMPTS, window),
    signInIp: sharedLimiter("signin:ip", e.MERIDIAN_SIGNIN_ATTEMPTS * 4, window),
    // A fleet rollout registers many agents, but each from its own cluster's egress address.
    registration: sharedLimiter("register:ip", e.MERIDIAN_REGISTER_PER_MINUTE, 60),
    ...state.meridianTokenLimits,
  };
}

/** Keys are hashed: the table never holds an email address. */
const key = (...parts: string[]) =>
  createHash("sha256").update(parts.join("\n")).digest("base64url");

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * The limiter's refusal (a RateLimiterRes, not an Error). Checked by shape as well as class: a
 * limiter cached on globalThis may come from another bundle's copy of the library.
 */
function isRefusal(error: unknown): error is RateLimiterRes {
  return (
    error instanceof RateLimiterRes ||
    (typeof error === "object" &&
      error !== null &&
      !(error instanceof Error) &&
      typeof (error as { msBeforeNext?: unknown }).msBeforeNext === "number")
  );
}

/** Spend one point; over the budget, refuse with the time until the window ends. */
async function spend(limiter: RateLimiterAbstract, k: string, what: string): Promise<void> {
  try {
    await limiter.consume(k);
  } catch (error) {
    if (isRefusal(error)) throw new RateLimitedError(what, seconds(error.msBeforeNext));
    throw error;
  }
}

const SIGN_INS = "Too many failed sign-ins";

/**
 * Before checking a password: every attempt spends a point of this account's and this
 * address's budgets, atomically in the database, so concurrent guesses cannot slip through
 * together. Once the budget is spent, attempts are refused — even with the right password —
 * until the window passes.
 */
export async function beginSignIn(email: string, ip: string): Promise<void> {
  const l = limits();
  await spend(l.signInAccount, key(email.toLowerCase()), SIGN_INS);
  await spend(l.signInIp, key(ip), SIGN_INS);
}

/** After a right password: the attempt is given back, and the account's failures forgiven. */
export async function signInSucceeded(email: string, ip: string): Promise<void> {
  const l = limits();
  await Promise.all([l.signInAccount.delete(key(email.toLowerCase())), l.signInIp.reward(key(ip))]);
}

/** Each registration attempt from an address, good token or not. */
export function countRegistration(ip: string): Promise<void> {
  return spend(limits().registration, key(ip), "Too many agent registrations from this address");
}

/** Each join token a user issues. */
export function countJoinToken(userId: string): Promise<void> {
  return spend(limits().joinTokens, key(userId), "Too many join tokens issued");
}

/** Each API token a user creates. */
export function countApiToken(userId: string): Promise<void> {
  return spend(limits().apiTokens, key(userId), "Too many API tokens created");
}
