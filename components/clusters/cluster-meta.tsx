import type { ReactNode } from "react";
import type { ClusterDetail } from "@/lib/model/inventory";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { RelativeTime } from "@/components/ui/relative-time";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] gap-3 py-1.5">
      <dt className="text-subtle text-xs">{label}</dt>
      <dd className="text-fg min-w-0 text-[13px] break-words">{children}</dd>
    </div>
  );
}

const mono = (v: string) =>
  v ? <span className="font-mono text-xs">{v}</span> : <span className="text-subtle">—</span>;

export function LabelChips({ labels }: { labels: Record<string, string> }) {
  const entries = Object.entries(labels).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return <span className="text-subtle">No labels</span>;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Labels">
      {entries.map(([k, v]) => (
        <li
          key={k}
          className="border-border bg-surface-2 inline-flex max-w-full items-center overflow-hidden rounded border font-mono text-[11px] leading-5"
        >
          <span className="text-muted truncate px-1.5">{k}</span>
          <span className="border-border text-fg truncate border-l px-1.5">{v}</span>
        </li>
      ))}
    </ul>
  );
}

export function ClusterMeta({ cluster }: { cluster: ClusterDetail }) {
  return (
    <Card>
      <CardHeader title="Details" />
      <CardBody className="py-2">
        <dl className="divide-border divide-y">
          <Row label="Provider">{cluster.provider || <span className="text-subtle">—</span>}</Row>
          <Row label="Kind">{cluster.kind === "vm-site" ? "VM site" : "Kubernetes"}</Row>
          <Row label="Region">{mono(cluster.region)}</Row>
          <Row label="Zone">{mono(cluster.zone)}</Row>
          <Row label="Network">{mono(cluster.network)}</Row>
          <Row label="Added">
            <RelativeTime iso={cluster.createdAt} />
          </Row>
          <Row label="Labels">
            <LabelChips labels={cluster.labels} />
          </Row>
        </dl>
      </CardBody>
    </Card>
  );
}
