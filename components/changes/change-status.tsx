import { CircleCheck, CircleX, LoaderCircle, RotateCcw, TriangleAlert } from "lucide-react";
import { Badge, type BadgeTone } from "@/components/ui/badge";

/** Status of a change set as a whole, and of one cluster in it. */
export type ChangeSetStatusName = "pending" | "applied" | "failed" | "partial" | "rolled-back";
export type ClusterChangeStatusName = "pending" | "applied" | "failed";

const STATUS: Record<
  ChangeSetStatusName,
  { tone: BadgeTone; label: string; icon: typeof CircleCheck }
> = {
  pending: { tone: "info", label: "Applying", icon: LoaderCircle },
  applied: { tone: "success", label: "Applied", icon: CircleCheck },
  failed: { tone: "danger", label: "Failed", icon: CircleX },
  partial: { tone: "warning", label: "Partly applied", icon: TriangleAlert },
  "rolled-back": { tone: "neutral", label: "Rolled back", icon: RotateCcw },
};

/** A change set's or a cluster's status; pending spins so live progress is visible. */
export function ChangeStatusBadge({
  status,
  "data-testid": testId,
}: {
  status: ChangeSetStatusName | ClusterChangeStatusName;
  "data-testid"?: string;
}) {
  const { tone, label, icon: Icon } = STATUS[status];
  return (
    <Badge
      tone={tone}
      data-testid={testId ?? "change-status"}
      icon={
        <Icon className={status === "pending" ? "size-3 animate-spin" : "size-3"} aria-hidden />
      }
    >
      {label}
    </Badge>
  );
}
