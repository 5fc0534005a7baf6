import { KeyRound } from "lucide-react";
import Link from "next/link";
import { LogoMark } from "@/components/brand/logo";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { SignOutButton } from "./sign-out-button";
import { ThemeToggle } from "./theme-toggle";

export type ShellUser = {
  email: string;
  name: string | null;
  role: "viewer" | "operator" | "admin";
};

const ROLE_TONE: Record<ShellUser["role"], BadgeTone> = {
  viewer: "neutral",
  operator: "info",
  admin: "accent",
};

export function TopBar({ user }: { user: ShellUser }) {
  return (
    <header className="border-border bg-surface/90 sticky top-0 z-30 flex h-12 items-center justify-end gap-3 border-b px-4 backdrop-blur md:px-6">
      <Link href="/" aria-label="Meridian home" className="mr-auto rounded-md md:hidden">
        <LogoMark />
      </Link>
      <ThemeToggle />
      <Link
        href="/settings/tokens"
        className={buttonClasses("ghost", "sm")}
        aria-label="API tokens"
      >
        <KeyRound className="size-3.5" aria-hidden />
        <span className="hidden sm:inline">API tokens</span>
      </Link>
      <div className="bg-border h-5 w-px" aria-hidden />
      <div className="flex min-w-0 items-center gap-2" data-testid="current-user">
        <span
          aria-hidden
          className="bg-accent/15 text-accent flex size-6 shrink-0 items-center justify-center rounded-full text-[11px] font-semibold uppercase"
        >
          {(user.name ?? user.email).slice(0, 1)}
        </span>
        <span
          className="text-fg hidden truncate text-[13px] sm:inline"
          title={user.name ?? undefined}
        >
          {user.email}
        </span>
        <Badge tone={ROLE_TONE[user.role]} data-testid="user-role">
          {user.role}
        </Badge>
      </div>
      <SignOutButton />
    </header>
  );
}
