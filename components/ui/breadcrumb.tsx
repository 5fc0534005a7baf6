import { ChevronRight } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";

type BreadcrumbProps = {
  /** The list page this one belongs to. */
  parent: { href: string; label: string };
  /** This page, as the trail names it (a cluster id, `namespace/name`, `#12`). */
  current: ReactNode;
};

/** The trail above a detail page's title: its list, then itself. */
export function Breadcrumb({ parent, current }: BreadcrumbProps) {
  return (
    <nav aria-label="Breadcrumb" className="flex items-center gap-1">
      <Link href={parent.href} className="hover:text-fg hover:underline">
        {parent.label}
      </Link>
      <ChevronRight className="size-3" aria-hidden />
      <span aria-current="page" className="font-mono">
        {current}
      </span>
    </nav>
  );
}
