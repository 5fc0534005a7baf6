import Link from "next/link";
import type { ReactNode } from "react";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";

type NotFoundCardProps = {
  icon: ReactNode;
  title: string;
  "data-testid": string;
  /** Where to go instead: the list the missing object would be in. */
  back: { href: string; label: string };
  /** Why it may be missing. */
  children: ReactNode;
};

/** A detail page's not-found.tsx: what is missing, why it may be, and the way back. */
export function NotFoundCard({ icon, title, back, children, ...rest }: NotFoundCardProps) {
  return (
    <Card>
      <EmptyState
        icon={icon}
        title={title}
        as="h1"
        data-testid={rest["data-testid"]}
        actions={
          <Link href={back.href} className={buttonClasses("primary")}>
            {back.label}
          </Link>
        }
      >
        {children}
      </EmptyState>
    </Card>
  );
}
