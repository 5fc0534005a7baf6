import { Server } from "lucide-react";
import { NotFoundCard } from "@/components/ui/not-found-card";

export default function ClusterNotFound() {
  return (
    <NotFoundCard
      icon={<Server aria-hidden />}
      title="Cluster not found"
      data-testid="cluster-not-found"
      back={{ href: "/clusters", label: "All clusters" }}
    >
      No cluster has this name. It may have been removed, or the link is mistyped.
    </NotFoundCard>
  );
}
