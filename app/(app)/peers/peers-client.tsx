"use client";

import { Handshake } from "lucide-react";
import type { OfferPage, PeerDto } from "@/lib/model/peers";
import { usePeers } from "@/components/data/use-peers";
import { PeerCard } from "@/components/peers/peer-card";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";

export function PeersClient({
  initialPeers,
  initialOffers,
  canEdit,
}: {
  initialPeers: PeerDto[];
  /** The first page of offers, per peer. */
  initialOffers: Record<string, OfferPage>;
  canEdit: boolean;
}) {
  const peers = usePeers(initialPeers);
  if (peers.error && !peers.data)
    return (
      <ErrorPanel
        title="Could not load peers"
        message={peers.error.message}
        onRetry={() => void peers.refetch()}
        retrying={peers.isFetching}
      />
    );
  const items = peers.data ?? [];
  if (!items.length)
    return (
      <Card>
        <EmptyState icon={<Handshake aria-hidden />} title="No peers yet" data-testid="peers-empty">
          An admin registers a peer with its Hamlet address, the CA that signs its certificates and
          its SPIFFE bundle endpoint (POST /api/v1/peers; docs/federation.md).
        </EmptyState>
      </Card>
    );
  return (
    <div className="space-y-4">
      {items.map((p) => (
        <PeerCard key={p.name} peer={p} initialOffers={initialOffers[p.name]} canEdit={canEdit} />
      ))}
    </div>
  );
}
