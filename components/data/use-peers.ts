"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  OFFERS_PAGE,
  offerListSchema,
  peerListSchema,
  peerSchema,
  type OfferPage,
  type PeerDto,
} from "@/lib/model/peers";
import { apiFetch, jsonBody } from "./api-error";
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

/** One page of what `name` offers: `cursor` undefined is the first page. */
export function usePeerOffers(name: string, cursor: string | undefined, initialPage?: OfferPage) {
  const search = new URLSearchParams({ limit: String(OFFERS_PAGE), ...(cursor ? { cursor } : {}) });
  return useQuery({
    queryKey: queryKeys.peers.offers(name, cursor ?? ""),
    queryFn: ({ signal }) =>
      apiFetch(offerListSchema, `/api/v1/peers/${encodeURIComponent(name)}/offers?${search}`, {
        signal,
      }),
    initialData: cursor ? undefined : initialPage,
    refetchInterval: REFRESH_MS,
  });
}

/** Set the domains `peer` may offer (admin): PATCH with the version read. */
export function useSetPeerDomains() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; version: number; domains: string[] }) =>
      apiFetch(peerSchema, `/api/v1/peers/${encodeURIComponent(input.name)}`, {
        method: "PATCH",
        ...jsonBody({ version: input.version, domains: input.domains }),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.peers.all }),
  });
}
