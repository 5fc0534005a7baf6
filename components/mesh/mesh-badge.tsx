import clsx from "clsx";
import { CircleDot, CircleSlash, Hexagon, Link2, Sailboat, type LucideIcon } from "lucide-react";
import type { MeshTypeName } from "@/lib/agent-protocol/snapshot";

type MeshStyle = { label: string; icon: LucideIcon; classes: string };

// Each mesh has its own colour *and* icon and label, so colour is never the only cue.
export const MESH_STYLES: Record<MeshTypeName, MeshStyle> = {
  istio: {
    label: "Istio",
    icon: Sailboat,
    classes:
      "bg-blue-50 text-blue-800 ring-blue-600/25 dark:bg-blue-500/10 dark:text-blue-300 dark:ring-blue-400/30",
  },
  linkerd: {
    label: "Linkerd",
    icon: Link2,
    classes:
      "bg-teal-50 text-teal-800 ring-teal-600/25 dark:bg-teal-500/10 dark:text-teal-300 dark:ring-teal-400/30",
  },
  cilium: {
    label: "Cilium",
    icon: Hexagon,
    classes:
      "bg-amber-50 text-amber-800 ring-amber-600/30 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-400/30",
  },
  consul: {
    label: "Consul",
    icon: CircleDot,
    classes:
      "bg-pink-50 text-pink-800 ring-pink-600/25 dark:bg-pink-500/10 dark:text-pink-300 dark:ring-pink-400/30",
  },
  none: {
    label: "No mesh",
    icon: CircleSlash,
    classes: "bg-surface-2 text-muted ring-border-strong",
  },
};

export function MeshIcon({ type, className }: { type: MeshTypeName; className?: string }) {
  const { icon: Icon, label } = MESH_STYLES[type];
  return <Icon className={clsx("size-3", className)} aria-label={label} role="img" />;
}

export function MeshBadge({ type, version }: { type: MeshTypeName; version?: string }) {
  const style = MESH_STYLES[type];
  const Icon = style.icon;
  return (
    <span
      data-testid={`mesh-badge-${type}`}
      title={version ? `${style.label} ${version}` : style.label}
      className={clsx(
        "inline-flex items-center gap-1 rounded px-1.5 py-px text-[11px] leading-4 font-medium whitespace-nowrap ring-1 ring-inset",
        style.classes,
      )}
    >
      <Icon className="size-3" aria-hidden />
      {style.label}
      {version ? <span className="font-normal">{version}</span> : null}
    </span>
  );
}

export function MeshBadges({ meshes }: { meshes: { type: MeshTypeName; version?: string }[] }) {
  if (meshes.length === 0) return <MeshBadge type="none" />;
  return (
    <span className="inline-flex flex-wrap gap-1">
      {meshes.map((m) => (
        <MeshBadge key={m.type} type={m.type} version={m.version} />
      ))}
    </span>
  );
}
