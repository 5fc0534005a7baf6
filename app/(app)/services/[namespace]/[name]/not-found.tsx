import { Network } from "lucide-react";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";

export default function GlobalServiceNotFound() {
  return (
    <Card>
      <EmptyState
        icon={<Network aria-hidden />}
        title="Global service not found"
        as="h1"
        data-testid="global-service-not-found"
        actions={
          <Link href="/services" className={buttonClasses("primary")}>
            All services
          </Link>
        }
      >
        No cluster runs a Service with this namespace and name. It may have been removed, or the
        link is mistyped.
      </EmptyState>
    </Card>
  );
}
