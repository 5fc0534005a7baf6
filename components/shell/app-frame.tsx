import type { ReactNode } from "react";
import { MobileNav, Sidebar } from "./sidebar";
import { TopBar, type ShellUser } from "./top-bar";

type AppFrameProps = {
  user: ShellUser;
  children: ReactNode;
};

/** The signed-in frame: skip link, sidebar, top bar, mobile navigation and the main column. */
export function AppFrame({ user, children }: AppFrameProps) {
  return (
    <div className="flex min-h-screen">
      <a
        href="#main"
        className="bg-surface sr-only z-50 rounded px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Sidebar role={user.role} />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar user={user} />
        <MobileNav />
        <main id="main" className="mx-auto w-full max-w-[1400px] flex-1 px-4 py-6 md:px-8">
          {children}
        </main>
      </div>
    </div>
  );
}
