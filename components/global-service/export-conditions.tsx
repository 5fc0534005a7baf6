import type { ResourceCondition } from "@/lib/agent-protocol/messages";
import { Badge, type BadgeTone } from "@/components/ui/badge";

// The MCS controller's verdict on a ServiceExport, as the agent read it back: one badge per
// condition that says something (a conflict, a refusal, a pending export), the message on hover.
const CONFLICT = new Set(["Conflicted", "Conflict"]);
const ACCEPTANCE = new Set(["Accepted", "Valid"]);

function badgeOf(c: ResourceCondition): { tone: BadgeTone; label: string } | null {
  const why = c.reason ? `: ${c.reason}` : "";
  if (CONFLICT.has(c.type))
    return c.status === "True" ? { tone: "danger", label: `conflict${why}` } : null;
  if (ACCEPTANCE.has(c.type))
    return c.status === "True"
      ? { tone: "success", label: "export accepted" }
      : { tone: "danger", label: `export refused${why}` };
  // Exported / Ready: only when not (yet) true.
  return c.status === "True" ? null : { tone: "warning", label: `export pending${why}` };
}

/** Badges for a ServiceExport's conditions (Accepted/Valid, Exported/Ready, Conflicted/Conflict). */
export function ExportConditions({ conditions }: { conditions: readonly ResourceCondition[] }) {
  // The v1beta1 types win over their deprecated twins when a controller sets both.
  const types = new Set(conditions.map((c) => c.type));
  const shown = conditions.filter(
    (c) =>
      !(c.type === "Valid" && types.has("Accepted")) &&
      !(c.type === "Ready" && types.has("Exported")) &&
      !(c.type === "Conflict" && types.has("Conflicted")),
  );
  const badges = shown.flatMap((c) => {
    const b = badgeOf(c);
    return b ? [{ ...b, key: c.type, title: c.message || c.reason || c.type }] : [];
  });
  if (!badges.length) return null;
  return (
    <span className="flex flex-wrap gap-1" data-testid="export-conditions">
      {badges.map((b) => (
        <Badge key={b.key} tone={b.tone} title={`MCS ${b.key}: ${b.title}`}>
          {b.label}
        </Badge>
      ))}
    </span>
  );
}
