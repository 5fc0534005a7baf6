import { Network } from "lucide-react";
import { NotFoundCard } from "@/components/ui/not-found-card";

export default function GlobalServiceNotFound() {
  return (
    <NotFoundCard
      icon={<Network aria-hidden />}
      title="Global service not found"
      data-testid="global-service-not-found"
      back={{ href: "/services", label: "All services" }}
    >
      No cluster runs a Service with this namespace and name. It may have been removed, or the link
      is mistyped.
    </NotFoundCard>
  );
}
