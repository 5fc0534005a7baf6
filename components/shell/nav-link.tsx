"use client";

import clsx from "clsx";
import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

type NavLinkProps = { href: string; icon: ReactNode; children: ReactNode; exact?: boolean };

function isActive(pathname: string, href: string, exact?: boolean): boolean {
  if (exact || href === "/") return pathname === href;
  return pathname === href || pathname.startsWith(`${href}/`);
}

export function NavLink({ href, icon, children, exact }: NavLinkProps) {
  const pathname = usePathname();
  const active = isActive(pathname, href, exact);
  return (
    <Link
      href={href}
      aria-current={active ? "page" : undefined}
      className={clsx(
        "flex h-8 items-center gap-2.5 rounded-md px-2.5 text-[13px] font-medium transition-colors [&>svg]:size-4 [&>svg]:shrink-0",
        active
          ? "bg-surface-hover text-fg [&>svg]:text-accent"
          : "text-muted hover:bg-surface-hover hover:text-fg [&>svg]:text-subtle",
      )}
    >
      {icon}
      {children}
    </Link>
  );
}
