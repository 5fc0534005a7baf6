"use client";

import { useState } from "react";
import type { ApiTokenDto } from "@/lib/model/inventory";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";

function tokenStatus(t: ApiTokenDto, now: number): "active" | "revoked" | "expired" {
  if (t.revokedAt) return "revoked";
  if (t.expiresAt && Date.parse(t.expiresAt) <= now) return "expired";
  return "active";
}

type TokensTableProps = {
  tokens: ApiTokenDto[];
  onRevoke: (token: ApiTokenDto) => void;
};

export function TokensTable({ tokens, onRevoke }: TokensTableProps) {
  // One clock per mount: expiry is judged at render time, not re-evaluated each frame.
  const [now] = useState(() => Date.now());
  return (
    <Table label="API tokens" data-testid="tokens-table">
      <THead>
        <TR>
          <TH>Name</TH>
          <TH>Token</TH>
          <TH>Created</TH>
          <TH>Last used</TH>
          <TH>Expires</TH>
          <TH>Status</TH>
          <TH>
            <span className="sr-only">Actions</span>
          </TH>
        </TR>
      </THead>
      <TBody>
        {tokens.map((t) => {
          const status = tokenStatus(t, now);
          return (
            <TR
              key={t.id}
              data-testid={`token-row-${t.id}`}
              className={status !== "active" ? "text-subtle" : undefined}
            >
              <TD className="font-medium">{t.name}</TD>
              <TD className="font-mono text-xs">{t.prefix}…</TD>
              <TD className="whitespace-nowrap">
                <RelativeTime iso={t.createdAt} />
              </TD>
              <TD className="whitespace-nowrap">
                <RelativeTime iso={t.lastUsedAt} fallback="never" />
              </TD>
              <TD className="whitespace-nowrap">
                {t.expiresAt ? (
                  <RelativeTime iso={t.expiresAt} />
                ) : status === "active" ? (
                  // Chosen explicitly (the default is 90 days): flagged, since it never ends by itself.
                  <Badge tone="warning" data-testid="token-never-expires">
                    Never expires
                  </Badge>
                ) : (
                  "never"
                )}
              </TD>
              <TD>
                {status === "active" ? (
                  <Badge tone="success" dot>
                    Active
                  </Badge>
                ) : status === "expired" ? (
                  <Badge tone="warning">Expired</Badge>
                ) : (
                  <Badge title={t.revokedAt ?? undefined}>
                    Revoked <RelativeTime iso={t.revokedAt} />
                  </Badge>
                )}
              </TD>
              <TD className="text-right">
                {status === "revoked" ? null : (
                  <Button
                    variant="danger"
                    size="sm"
                    onClick={() => onRevoke(t)}
                    aria-label={`Revoke ${t.name}`}
                  >
                    Revoke
                  </Button>
                )}
              </TD>
            </TR>
          );
        })}
      </TBody>
    </Table>
  );
}
