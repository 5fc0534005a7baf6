import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Logo } from "@/components/brand/logo";
import { getSessionUser } from "@/lib/auth/session";
import { safeCallbackPath } from "../(app)/require-user";
import { LoginForm } from "./login-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in" };

type LoginPageProps = { searchParams: Promise<{ callbackUrl?: string | string[] }> };

export default async function LoginPage({ searchParams }: LoginPageProps) {
  const raw = (await searchParams).callbackUrl;
  const callbackUrl = safeCallbackPath(Array.isArray(raw) ? raw[0] : raw);
  if (await getSessionUser()) redirect(callbackUrl);

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
          <p className="text-muted mt-1 mb-5 text-sm">Use your Meridian account.</p>
          <LoginForm callbackUrl={callbackUrl} />
        </div>
        <p className="text-subtle mt-6 text-center text-xs text-balance">
          Accounts are created by a Meridian admin. Automation should use an API token instead.
        </p>
      </div>
    </main>
  );
}
