import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { formatDate } from "@/components/format/time";
import type { ExpiryState, TrustView } from "@/lib/model/trust";
import { RootLabel } from "./root-label";

const EXPIRY: Record<ExpiryState, BadgeTone> = {
  ok: "success",
  expiring: "warning",
  critical: "danger",
  expired: "danger",
};

/** "Expired", "5 days left", "4 months left", "10 years left": days only where they matter. */
export function expiryText(daysLeft: number, expiry: ExpiryState): string {
  if (expiry === "expired") return "Expired";
  const [n, unit] =
    daysLeft >= 730
      ? [Math.floor(daysLeft / 365), "year"]
      : daysLeft >= 60
        ? [Math.floor(daysLeft / 30), "month"]
        : [daysLeft, "day"];
  return `${n} ${unit}${n === 1 ? "" : "s"} left`;
}

const CA_TONE: Record<TrustView["clusters"][number]["caKind"], BadgeTone> = {
  "plugged-in": "info",
  "self-signed": "neutral",
  external: "accent",
  unknown: "neutral",
};

/** Every root each cluster trusts: subject, fingerprint, validity, CA kind and rotation. */
export function TrustCerts({ view }: { view: TrustView }) {
  return (
    <Card>
      <CardHeader
        title="Root certificates"
        description="Alerts fire 30 days before a root expires and turn critical at 7. Two roots trusted at once is a rotation window."
      />
      <Table label="Root certificates per cluster">
        <THead>
          <TR>
            <TH>Cluster</TH>
            <TH>Trust domain</TH>
            <TH>CA</TH>
            <TH>Root</TH>
            <TH>Fingerprint</TH>
            <TH>Not after</TH>
            <TH>Expiry</TH>
          </TR>
        </THead>
        <TBody>
          {view.clusters.flatMap((c) => {
            const rows = c.roots.length ? c.roots : [null];
            return rows.map((r, i) => (
              <TR key={`${c.cluster} ${r?.fingerprint ?? ""}`} data-testid="trust-cert-row">
                <TD className="text-fg font-medium">{i === 0 ? c.cluster : ""}</TD>
                <TD className="text-muted">
                  {i === 0 ? (
                    <>
                      {c.trustDomain || "—"}
                      {c.aliases.length ? (
                        <span className="text-subtle block text-xs">
                          aliases: {c.aliases.join(", ")}
                        </span>
                      ) : null}
                    </>
                  ) : null}
                </TD>
                <TD>
                  {i === 0 ? (
                    <Badge tone={CA_TONE[c.caKind]} title={c.caEvidence || undefined}>
                      {c.caKind}
                    </Badge>
                  ) : null}
                </TD>
                <TD className="min-w-56">
                  {r ? (
                    <span className="flex flex-wrap items-center gap-1.5">
                      <span className="text-fg break-words">{r.subject}</span>
                      {r.fingerprint === c.signingRoot ? (
                        <Badge tone="neutral">signing</Badge>
                      ) : null}
                      {c.rotation && r.fingerprint !== c.signingRoot ? (
                        <Badge tone="info">rotation window</Badge>
                      ) : null}
                    </span>
                  ) : (
                    <span className="text-subtle">Not reported by this cluster&apos;s agent</span>
                  )}
                </TD>
                <TD>{r ? <RootLabel fingerprint={r.fingerprint} /> : null}</TD>
                <TD className="text-muted whitespace-nowrap">
                  {r ? formatDate(r.notAfter) : null}
                </TD>
                <TD>
                  {r ? (
                    <Badge tone={EXPIRY[r.expiry]} dot>
                      {expiryText(r.daysLeft, r.expiry)}
                    </Badge>
                  ) : null}
                </TD>
              </TR>
            ));
          })}
        </TBody>
      </Table>
    </Card>
  );
}
