import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Logo } from "@/components/brand/logo";
import { signInMethods } from "@/lib/auth/oidc";
import { getSessionUser } from "@/lib/auth/session";
import { safeCallbackPath } from "@/lib/domain/callback-path";
import { LoginForm } from "./login-client";
import { signInErrorMessage } from "./sign-in-errors";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in" };

type LoginPageProps = {
  searchParams: Promise<{ callbackUrl?: string | string[]; error?: string | string[] }>;
};

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function LoginPage({ searchParams }: LoginPageProps) {
  const params = await searchParams;
  const callbackUrl = safeCallbackPath(first(params.callbackUrl));
  if (await getSessionUser()) redirect(callbackUrl);

  const methods = signInMethods();
  const errorCode = first(params.error);
  const error = errorCode ? signInErrorMessage(errorCode, methods.sso?.name ?? "SSO") : null;
  const intro = !methods.sso
    ? "Use your Meridian account."
    : methods.password
      ? `Use ${methods.sso.name}, or your Meridian email and password.`
      : `Meridian accounts come from ${methods.sso.name}.`;

  return (
    <main className="bg-bg flex min-h-screen flex-col items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex flex-col items-center text-center">
          <Logo className="[&_svg]:size-9 [&>span]:text-xl" />
          <p className="text-muted mt-3 text-sm text-balance">
            The management plane for your multi-cluster service mesh
          </p>
        </div>
        <div className="border-border bg-surface rounded-lg border p-6 shadow-sm">
          <h1 className="text-fg text-base font-semibold">Sign in</h1>
          <p className="text-muted mt-1 mb-5 text-sm">{intro}</p>
          <LoginForm
            callbackUrl={callbackUrl}
            password={methods.password}
            ssoName={methods.sso?.name ?? null}
            initialError={error}
          />
        </div>
        <p className="text-subtle mt-6 text-center text-xs text-balance">
          {methods.sso
            ? `Your role comes from your ${methods.sso.name} groups, read at every sign-in.`
            : "Accounts are created by a Meridian admin."}{" "}
          Automation should use an API token instead.
        </p>
      </div>
    </main>
  );
}
