import { Compass } from "lucide-react";
import Link from "next/link";
import { Logo } from "@/components/brand/logo";
import { AppFrame } from "@/components/shell/app-frame";
import { buttonClasses } from "@/components/ui/button";
import { getSessionUser } from "@/lib/auth/session";

function Message() {
  return (
    <>
      <div className="border-border bg-surface text-subtle mb-3 flex size-10 items-center justify-center rounded-full border">
        <Compass className="size-5" aria-hidden />
      </div>
      <p className="text-subtle font-mono text-xs">404</p>
      <h1 className="text-fg mt-1 text-lg font-semibold">Page not found</h1>
      <p className="text-muted mt-1 max-w-sm text-sm">
        This page doesn&apos;t exist, or the cluster or service it pointed to has been removed.
      </p>
      <div className="mt-5 flex gap-2">
        <Link href="/" className={buttonClasses("primary")}>
          Go to overview
        </Link>
        <Link href="/clusters" className={buttonClasses("secondary")}>
          Browse clusters
        </Link>
      </div>
    </>
  );
}

// An address no route serves. Signed in, the answer keeps the app's frame (navigation, the
// user), so the way on is one click away; anonymous visitors get the bare page.
export default async function NotFound() {
  const user = await getSessionUser();
  if (user) {
    return (
      <AppFrame user={{ email: user.email, name: user.name, role: user.role }}>
        <div className="flex flex-col items-center py-16 text-center">
          <Message />
        </div>
      </AppFrame>
    );
  }
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 text-center">
      <Logo className="mb-10" />
      <Message />
    </main>
  );
}
