import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { listOfferedServices } from "@/lib/services/federation/consumer";
import { OFFERS_PAGE } from "@/lib/model/peers";
import { listFederationPeers } from "@/lib/services/federation/peers";
import { requireUser } from "../require-user";
import { PeersClient } from "./peers-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Peers" };

export default async function PeersPage() {
  const user = await requireUser();
  const peers = await listFederationPeers();
  // The first page of each peer's offers; the card pages on through the API.
  const offers = Object.fromEntries(
    await Promise.all(
      peers.map(
        async (p) => [p.name, await listOfferedServices(p.name, { limit: OFFERS_PAGE })] as const,
      ),
    ),
  );
  return (
    <>
      <PageHeader
        title="Peers"
        description="Other platforms this Meridian federates with over Hamlet: what you publish to each, what each offers, and whether the stream is healthy."
      />
      <PeersClient initialPeers={peers} initialOffers={offers} canEdit={user.role === "admin"} />
    </>
  );
}
