"use client";

import { CircleAlert, KeyRound } from "lucide-react";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { signInRetryAfter, waitInWords } from "@/lib/domain/retry-wait";
import { useCountdown } from "./use-countdown";

type LoginFormProps = {
  callbackUrl: string;
  /** Whether email-and-password sign-in is on (MERIDIAN_PASSWORD_LOGIN). */
  password: boolean;
  /** The single sign-on's display name, or null when it is not configured. */
  ssoName: string | null;
  /** A refusal the server sent back (?error=), already in words. */
  initialError: string | null;
};

export function LoginForm({ callbackUrl, password, ssoName, initialError }: LoginFormProps) {
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [secret, setSecret] = useState("");
  const [error, setError] = useState<string | null>(initialError);
  const [pending, setPending] = useState<"password" | "sso" | null>(null);
  // The sign-in limit's refusal: when to try again (the button stays off until then).
  const [retryAt, setRetryAt] = useState<number | null>(null);
  const wait = useCountdown(retryAt);
  const limited = retryAt !== null && wait > 0;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending("password");
    setError(null);
    setRetryAt(null);
    try {
      const result = await signIn("credentials", { email, password: secret, redirect: false });
      const retry = signInRetryAfter(result?.error);
      if (retry !== null) {
        setRetryAt(Date.now() + retry * 1000);
        setPending(null);
        return;
      }
      if (!result || result.error || !result.ok) {
        setError(
          result?.error && result.error !== "CredentialsSignin"
            ? "Sign-in failed. Please try again."
            : "Invalid email or password",
        );
        setPending(null);
        return;
      }
      router.push(callbackUrl || "/");
      router.refresh();
    } catch {
      setError("Cannot reach the Meridian server. Check your connection and try again.");
      setPending(null);
    }
  }

  async function handleSso() {
    setPending("sso");
    setError(null);
    try {
      // Leaves the page for the provider's sign-in; it comes back to callbackUrl.
      await signIn("oidc", { callbackUrl: callbackUrl || "/" });
    } catch {
      setError("Cannot reach the Meridian server. Check your connection and try again.");
      setPending(null);
    }
  }

  return (
    <div className="space-y-4">
      {limited ? (
        <div
          role="alert"
          data-testid="login-rate-limited"
          className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-[13px] text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            Too many failed sign-ins. Try again in{" "}
            <span className="font-medium tabular-nums">{waitInWords(wait)}</span>.
          </span>
        </div>
      ) : error ? (
        <div
          role="alert"
          data-testid="login-error"
          className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-[13px] text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {error}
        </div>
      ) : null}
      {ssoName ? (
        <Button
          variant="primary"
          loading={pending === "sso"}
          disabled={pending !== null}
          onClick={handleSso}
          className="h-9 w-full"
        >
          {pending === "sso" ? null : <KeyRound className="size-4" aria-hidden />}
          {`Sign in with ${ssoName}`}
        </Button>
      ) : null}
      {ssoName && password ? (
        <div className="text-subtle flex items-center gap-3 text-xs" aria-hidden>
          <span className="bg-border h-px flex-1" />
          or with email
          <span className="bg-border h-px flex-1" />
        </div>
      ) : null}
      {password ? (
        <form onSubmit={handleSubmit} className="space-y-4">
          <Field label="Email" htmlFor="login-email">
            <Input
              id="login-email"
              name="email"
              type="email"
              autoComplete="username"
              required
              autoFocus={!ssoName}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={error ? true : undefined}
              className="h-9"
            />
          </Field>
          <Field label="Password" htmlFor="login-password">
            <Input
              id="login-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={secret}
              onChange={(e) => setSecret(e.target.value)}
              aria-invalid={error ? true : undefined}
              className="h-9"
            />
          </Field>
          <Button
            type="submit"
            variant={ssoName ? "secondary" : "primary"}
            loading={pending === "password"}
            disabled={pending !== null || limited}
            className="h-9 w-full"
          >
            {pending === "password" ? "Signing in…" : "Sign in"}
          </Button>
        </form>
      ) : null}
    </div>
  );
}
