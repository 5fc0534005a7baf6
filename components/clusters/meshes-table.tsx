import type { MeshDto } from "@/lib/api/schemas";
import { MeshBadge } from "@/components/mesh/mesh-badge";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";

function Fingerprint({ value }: { value: string }) {
  if (!value) return <span className="text-subtle">—</span>;
  const short = value.length > 23 ? `${value.slice(0, 23)}…` : value;
  return (
    <span className="font-mono text-xs" title={value}>
      {short}
    </span>
  );
}

export function MeshesTable({ meshes }: { meshes: MeshDto[] }) {
  return (
    <Card className="overflow-hidden">
      <CardHeader title="Meshes" description="Control planes the agent found in this cluster." />
      {meshes.length === 0 ? (
        <EmptyState title="No service mesh detected" className="py-8">
          Services here are reachable only through plain Kubernetes networking.
        </EmptyState>
      ) : (
        <Table label="Meshes">
          <THead>
            <TR>
              <TH>Mesh</TH>
              <TH>Version</TH>
              <TH>Trust domain</TH>
              <TH>Root CA fingerprint (SHA-256)</TH>
            </TR>
          </THead>
          <TBody>
            {meshes.map((m) => (
              <TR key={m.type}>
                <TD>
                  <MeshBadge type={m.type} />
                </TD>
                <TD className="font-mono text-xs">{m.version || "—"}</TD>
                <TD className="font-mono text-xs">{m.trustDomain || "—"}</TD>
                <TD>
                  <Fingerprint value={m.rootCaFingerprint} />
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      )}
    </Card>
  );
}
