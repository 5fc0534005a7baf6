import clsx from "clsx";
import Link from "next/link";
import type { GlobalServiceDto } from "@/lib/model/inventory";
import { MeshIcon } from "@/components/mesh/mesh-badge";

type Member = GlobalServiceDto["clusters"][number];

function healthOf(m: Member): "healthy" | "degraded" | "down" | "stale" {
  if (m.stale) return "stale";
  if (m.endpoints.total === 0 || m.endpoints.ready === 0) return "down";
  return m.endpoints.ready === m.endpoints.total ? "healthy" : "degraded";
}

const CHIP: Record<ReturnType<typeof healthOf>, { classes: string; dot: string; label: string }> = {
  healthy: {
    classes: "border-border-strong",
    dot: "bg-emerald-500",
    label: "healthy",
  },
  degraded: {
    classes: "border-amber-400/70 dark:border-amber-500/50",
    dot: "bg-amber-500",
    label: "degraded",
  },
  down: {
    classes: "border-red-400/70 dark:border-red-500/50",
    dot: "bg-red-500",
    label: "no ready endpoints",
  },
  stale: {
    classes: "border-dashed border-border-strong opacity-80",
    dot: "bg-subtle",
    label: "stale, last known",
  },
};

/** One cluster a global service runs in: mesh icon, name, endpoint health. */
export function ClusterChip({ member }: { member: Member }) {
  const health = healthOf(member);
  const style = CHIP[health];
  const meshes = member.meshes.length > 0 ? member.meshes : (["none"] as const);
  return (
    <Link
      href={`/clusters/${encodeURIComponent(member.cluster)}`}
      data-testid={`cluster-chip-${member.cluster}`}
      title={`${member.displayName || member.cluster} (${member.region}) — ${member.endpoints.ready}/${member.endpoints.total} endpoints ready, ${style.label}${member.exported ? ", exported" : ""}`}
      className={clsx(
        "bg-surface text-fg hover:bg-surface-hover inline-flex items-center gap-1.5 rounded-md border px-1.5 py-0.5 text-xs whitespace-nowrap",
        style.classes,
      )}
    >
      <span className="text-muted flex items-center gap-0.5">
        {meshes.map((m) => (
          <MeshIcon key={m} type={m} />
        ))}
      </span>
      <span className="font-medium">{member.displayName || member.cluster}</span>
      <span className={clsx("size-1.5 rounded-full", style.dot)} aria-hidden />
      <span className="text-muted tabular-nums">
        {member.endpoints.ready}/{member.endpoints.total}
        {health === "stale" ? " last known" : ""}
      </span>
      <span className="sr-only">, {style.label}</span>
    </Link>
  );
}
