import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { listOfferedServices } from "@/lib/services/federation/consumer";
import { listFederationPeers } from "@/lib/services/federation/peers";
import { requireUser } from "../require-user";
import { PeersClient } from "./peers-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Peers" };

export default async function PeersPage() {
  await requireUser();
  const [peers, offers] = [await listFederationPeers(), await listOfferedServices()];
  return (
    <>
      <PageHeader
        title="Peers"
        description="Other platforms this Meridian federates with over Hamlet: what you publish to each, what each offers, and whether the stream is healthy."
      />
      <PeersClient initialPeers={peers} initialOffers={offers} />
    </>
  );
}
