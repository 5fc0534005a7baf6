"use client";

import { useState } from "react";
import { ArrowDownToLine, ArrowUpFromLine } from "lucide-react";
import type { OfferDto, OfferPage, PeerDto } from "@/lib/model/peers";
import { usePeerOffers } from "@/components/data/use-peers";
import { PeerDomains } from "@/components/peers/peer-domains";
import { Badge } from "@/components/ui/badge";
import { Pager } from "@/components/ui/pager";
import { Card, CardHeader } from "@/components/ui/card";
import { RelativeTime } from "@/components/ui/relative-time";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { WarningNote } from "@/components/ui/warning-note";

/**
 * One federation peer: its stream, the domains it may offer, what we publish to it, what it
 * offers (paged), and the last NACK.
 */
export function PeerCard({
  peer,
  initialOffers,
  canEdit,
}: {
  peer: PeerDto;
  initialOffers?: OfferPage;
  canEdit: boolean;
}) {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const offers = usePeerOffers(peer.name, cursors[cursors.length - 1], initialOffers);
  const items = offers.data?.items ?? [];
  return (
    <Card className="overflow-hidden" data-testid={`peer-${peer.name}`}>
      <CardHeader
        title={peer.name}
        description={<span className="font-mono">{peer.address}</span>}
        actions={<StreamBadge peer={peer} />}
      />
      <dl className="border-border grid grid-cols-1 gap-x-6 gap-y-2 border-b px-4 py-3 text-[13px] sm:grid-cols-2">
        <Fact label="CA (SHA-256)">
          <span className="font-mono text-xs break-all" title={peer.caFingerprint}>
            {peer.caFingerprint.slice(0, 23)}…
          </span>
        </Fact>
        <Fact label="SPIFFE bundle endpoint">
          <span className="font-mono text-xs break-all">{peer.bundleEndpoint}</span>
        </Fact>
        <Fact label="Last connected">
          <RelativeTime iso={peer.lastConnectedAt} fallback="never" />
        </Fact>
        <Fact label="Last ACK from the peer">
          <RelativeTime iso={peer.lastAckAt} fallback="none yet" />
        </Fact>
      </dl>
      <PeerDomains peer={peer} canEdit={canEdit} />
      {peer.lastError && !peer.connected ? (
        <p className="border-border text-muted border-b px-4 py-2 text-[13px]" role="status">
          {peer.lastError}
        </p>
      ) : null}
      {peer.lastNack ? <LastNack nack={peer.lastNack} /> : null}
      <div className="grid grid-cols-1 lg:grid-cols-2">
        <section className="border-border border-b px-4 py-3 lg:border-r lg:border-b-0">
          <h3 className="text-fg mb-2 flex items-center gap-1.5 text-xs font-semibold">
            <ArrowUpFromLine className="text-subtle size-3.5" aria-hidden />
            Published to {peer.name}
          </h3>
          {peer.publishing.length ? (
            <ul className="flex flex-wrap gap-1.5">
              {peer.publishing.map((s) => (
                <li key={s}>
                  <Badge tone="accent">{s}</Badge>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-subtle text-[13px]">
              Nothing: a global service is shared only when an admin publishes it.
            </p>
          )}
        </section>
        <section className="px-4 py-3">
          <h3 className="text-fg mb-2 flex items-center gap-1.5 text-xs font-semibold">
            <ArrowDownToLine className="text-subtle size-3.5" aria-hidden />
            Offered by {peer.name}
          </h3>
          {items.length ? (
            <>
              <OffersTable peer={peer.name} offers={items} />
              <Pager
                what={`services ${peer.name} offers`}
                page={cursors.length}
                hasNewer={cursors.length > 1}
                hasOlder={Boolean(offers.data?.nextCursor)}
                loading={offers.isFetching}
                labels={{ newer: "Previous", older: "Next" }}
                onNewer={() => setCursors((c) => c.slice(0, -1))}
                onOlder={() => setCursors((c) => [...c, offers.data?.nextCursor ?? undefined])}
              />
            </>
          ) : (
            <p className="text-subtle text-[13px]">No services offered yet.</p>
          )}
        </section>
      </div>
    </Card>
  );
}

const STREAM: Record<
  PeerDto["stream"],
  { tone: "success" | "danger" | "neutral" | "warning"; text: string }
> = {
  connected: { tone: "success", text: "Connected" },
  empty: { tone: "success", text: "Connected, nothing offered" },
  certificate: { tone: "danger", text: "Certificate refused" },
  disconnected: { tone: "danger", text: "Disconnected" },
  never: { tone: "neutral", text: "Not connected yet" },
};

function StreamBadge({ peer }: { peer: PeerDto }) {
  const { tone, text } = STREAM[peer.stream];
  return (
    <Badge tone={tone} dot data-testid="peer-status">
      {text}
    </Badge>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-subtle text-[11px] font-medium tracking-wide uppercase">{label}</dt>
      <dd className="text-fg mt-0.5">{children}</dd>
    </div>
  );
}

function LastNack({ nack }: { nack: NonNullable<PeerDto["lastNack"]> }) {
  return (
    <div className="border-border border-b px-4 pt-3">
      <WarningNote testId="peer-last-nack">
        <p className="font-medium">
          {nack.side === "received"
            ? "The peer refused what we sent"
            : "We refused what the peer sent"}{" "}
          <span className="font-normal">
            (<RelativeTime iso={nack.at} className="" />)
          </span>
        </p>
        <p className="mt-0.5 break-words">{nack.message}</p>
      </WarningNote>
    </div>
  );
}

function OffersTable({ peer, offers }: { peer: string; offers: OfferDto[] }) {
  return (
    <Table label={`Services ${peer} offers`}>
      <THead>
        <TR>
          <TH>Host</TH>
          <TH>Gateways</TH>
          <TH>Imported into</TH>
        </TR>
      </THead>
      <TBody>
        {offers.map((o) => (
          <TR key={o.name}>
            <TD className="font-mono text-xs">{o.service.fqdn}</TD>
            <TD>{o.service.endpoints.length}</TD>
            <TD>
              {o.importedInto.length ? (
                o.importedInto.join(", ")
              ) : (
                <span className="text-subtle">not imported</span>
              )}
            </TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
