"use client";

import { useQuery } from "@tanstack/react-query";
import { offerListSchema, peerListSchema, type OfferDto, type PeerDto } from "@/lib/model/peers";
import { apiFetch } from "./api-error";
import { queryKeys } from "./query-keys";

/** How often the peers' stream status is read again while the page is open. */
const REFRESH_MS = 10_000;

export function usePeers(initialItems?: PeerDto[]) {
  return useQuery({
    queryKey: queryKeys.peers.list(),
    queryFn: async ({ signal }) =>
      (await apiFetch(peerListSchema, "/api/v1/peers", { signal })).items,
    initialData: initialItems,
    refetchInterval: REFRESH_MS,
  });
}

export function usePeerOffers(name: string, initialItems?: OfferDto[]) {
  return useQuery({
    queryKey: queryKeys.peers.offers(name),
    queryFn: async ({ signal }) =>
      (
        await apiFetch(offerListSchema, `/api/v1/peers/${encodeURIComponent(name)}/offers`, {
          signal,
        })
      ).items,
    initialData: initialItems,
    refetchInterval: REFRESH_MS,
  });
}
