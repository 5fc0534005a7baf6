import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import type { TrustView } from "@/lib/model/trust";
import { RootLabel } from "./root-label";

const STATE: Record<TrustView["services"][number]["state"], { tone: BadgeTone; label: string }> = {
  verified: { tone: "success", label: "Verified" },
  mismatch: { tone: "danger", label: "Root mismatch" },
  unknown: { tone: "neutral", label: "Unknown root" },
};

/** Per exported and imported global service: can importer and exporter verify each other? */
export function TrustServices({ view }: { view: TrustView }) {
  const mismatches = view.services.filter((s) => s.state === "mismatch").length;
  return (
    <Card>
      <CardHeader
        title="Shared services"
        description={
          view.services.length
            ? `${mismatches} of ${view.services.length} importer–exporter pairs cannot mTLS.`
            : "No global service is exported to another cluster yet."
        }
      />
      {view.services.length ? (
        <Table label="Importer and exporter trust per global service">
          <THead>
            <TR>
              <TH>Global service</TH>
              <TH>Importer</TH>
              <TH>Exporter</TH>
              <TH>mTLS</TH>
              <TH>Importer root</TH>
              <TH>Exporter root</TH>
            </TR>
          </THead>
          <TBody>
            {view.services.map((s) => (
              <TR
                key={`${s.globalService} ${s.importer} ${s.exporter}`}
                data-testid="trust-service-row"
              >
                <TD className="text-fg font-medium">{s.globalService}</TD>
                <TD>{s.importer}</TD>
                <TD>{s.exporter}</TD>
                <TD>
                  <Badge tone={STATE[s.state].tone} dot>
                    {STATE[s.state].label}
                  </Badge>
                </TD>
                <TD>
                  <RootLabel fingerprint={s.importerRoot} />
                </TD>
                <TD>
                  <RootLabel fingerprint={s.exporterRoot} />
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      ) : null}
    </Card>
  );
}
