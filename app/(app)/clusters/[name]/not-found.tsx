import { Server } from "lucide-react";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";

export default function ClusterNotFound() {
  return (
    <Card>
      <EmptyState
        icon={<Server aria-hidden />}
        title="Cluster not found"
        as="h1"
        data-testid="cluster-not-found"
        actions={
          <Link href="/clusters" className={buttonClasses("primary")}>
            All clusters
          </Link>
        }
      >
        No cluster has this name. It may have been removed, or the link is mistyped.
      </EmptyState>
    </Card>
  );
}
