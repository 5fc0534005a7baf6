import type { MeshDto } from "@/lib/model/inventory";
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

type MeshesTableProps = {
  meshes: MeshDto[];
  /** False before the agent's first report: no meshes means "unknown", not "none". */
  reported: boolean;
};

export function MeshesTable({ meshes, reported }: MeshesTableProps) {
  return (
    <Card className="overflow-hidden">
      <CardHeader title="Meshes" description="Control planes the agent found in this cluster." />
      {meshes.length === 0 ? (
        <EmptyState
          title={reported ? "No service mesh detected" : "Not reported yet"}
          className="py-8"
        >
          {reported
            ? "Services here are reachable only through plain Kubernetes networking."
            : "Meshes appear here once the cluster's agent sends its first report."}
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
