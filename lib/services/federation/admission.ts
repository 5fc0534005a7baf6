import "server-only";
import { refusesHost } from "@/lib/fleet-metrics/ssrf-guard";
import { clipEcho, type FederatedService } from "@/lib/model/federated-service";
import { FLEET_DOMAINS, inDomain } from "@/lib/model/peers";
import { env } from "@/lib/infra/env";
import { countOffers, fqdnTaken, getPeer, hasOffer } from "@/lib/store/peers";
import type { Tx } from "@/lib/store/transaction";
import { OfferRefused } from "@/lib/federation/consumer-client";
import { getAllowList } from "@/lib/services/fleet-metrics/allow-list";

// A peer is untrusted input (issue 35): what it offers becomes a ServiceEntry visible to every
// namespace, so an offer is admitted only when its name is in a domain an admin gave that peer,
// outside this fleet's own domains, not already used here, its endpoints in ranges Meridian
// routes to, and the peer under its limit of offers. Every refusal is a NACK that names only the
// peer's own service: what else holds a name here is not its business.

/** Limits on what one peer may send. */
export type OfferLimits = { maxOffersPerPeer: number };

/** The limits the environment sets (MERIDIAN_HAMLET_MAX_OFFERS_PER_PEER). */
export const envOfferLimits = (): OfferLimits => ({
  maxOffersPerPeer: env().MERIDIAN_HAMLET_MAX_OFFERS_PER_PEER,
});

/** What admission reads outside the offer's transaction (the admin allow-list of addresses). */
export type AdmissionContext = { allow: string[]; limits: OfferLimits };

/**
 * Read before the offer's transaction opens: on the embedded database (one connection) a read
 * through the pool inside it would wait for the transaction's own connection.
 */
export const admissionContext = async (limits?: OfferLimits): Promise<AdmissionContext> => ({
  allow: await getAllowList(),
  limits: limits ?? envOfferLimits(),
});

/** Refuse (OfferRefused, the NACK's text) what `peer` may not offer; resolves when admitted. */
export async function admitOffer(
  tx: Tx,
  peer: string,
  s: FederatedService,
  { allow, limits }: AdmissionContext,
): Promise<void> {
  const refuse = (why: string): never => {
    throw new OfferRefused(`FederatedService ${clipEcho(s.name)}: ${why}`);
  };
  const fleet = FLEET_DOMAINS.find((d) => inDomain(s.fqdn, d));
  if (fleet) refuse(`fqdn ${s.fqdn} is inside this fleet's own domain ${fleet}`);
  const { domains } = await getPeer(tx, peer);
  if (!domains.some((d) => inDomain(s.fqdn, d)))
    refuse(
      domains.length
        ? `fqdn ${s.fqdn} is outside the domains peer ${peer} may offer (${domains.join(", ")})`
        : `fqdn ${s.fqdn} is outside the domains peer ${peer} may offer (none yet: an admin sets them)`,
    );
  // A name this fleet serves, or another peer's offer: a second ServiceEntry for it would split
  // its traffic. (This fleet's names under either global-name style are refused above already.)
  if (await fqdnTaken(tx, s.fqdn, peer, s.name))
    refuse(`fqdn ${s.fqdn} is already in use here; publish it under another host`);
  for (const [i, e] of s.endpoints.entries())
    if (refusesHost(e.address, allow))
      refuse(
        `endpoints[${i}].address ${e.address} is loopback, link-local, metadata or another range Meridian does not route to`,
      );
  const max = limits.maxOffersPerPeer;
  if (!(await hasOffer(tx, peer, s.name)) && ((await countOffers(tx)).get(peer) ?? 0) >= max)
    refuse(`peer ${peer} already offers ${max} services, the most Meridian keeps per peer`);
}
