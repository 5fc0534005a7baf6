"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ClusterCreateInput, ClusterSummary, ClusterUpdateInput } from "@/lib/model/inventory";
import { apiFetch, apiSend, jsonBody } from "./api-error";
import { queryKeys } from "./query-keys";
import { clusterSummarySchema } from "@/lib/model/inventory";
import { agentRevokedSchema, clusterStateSchema, issuedJoinTokenSchema } from "@/lib/model/agents";

export type { ClusterState, IssuedJoinToken } from "@/lib/model/agents";

/** How often the agent panel re-reads desired vs observed state (the agent applies in ~1 s). */
const STATE_REFETCH_MS = 5_000;

const clusterUrl = (name: string) => `/api/v1/clusters/${encodeURIComponent(name)}`;

/** Desired vs observed state of one cluster, refreshed every few seconds while shown. */
export function useClusterState(name: string) {
  return useQuery({
    queryKey: queryKeys.clusters.state(name),
    queryFn: ({ signal }) =>
      apiFetch(clusterStateSchema, `${clusterUrl(name)}/desired`, { signal }),
    refetchInterval: STATE_REFETCH_MS,
    staleTime: 0,
  });
}

/** How often the agent panel re-reads connection status, version and last report. */
const SUMMARY_REFETCH_MS = 10_000;

/** One cluster's summary with its agent status, refreshed while shown (starts from the page's). */
export function useClusterAgent(initialData: Pick<ClusterSummary, "name" | "state" | "agent">) {
  return useQuery<Pick<ClusterSummary, "name" | "state" | "agent">>({
    queryKey: queryKeys.clusters.summary(initialData.name),
    queryFn: ({ signal }) =>
      apiFetch(clusterSummarySchema, `${clusterUrl(initialData.name)}/agent`, { signal }),
    initialData,
    refetchInterval: SUMMARY_REFETCH_MS,
  });
}

function useInvalidateClusters() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.clusters.all });
}

/** POST /api/v1/clusters (admin): register a cluster; it stays pending until accepted. */
export function useCreateCluster() {
  const invalidate = useInvalidateClusters();
  return useMutation({
    mutationFn: (input: ClusterCreateInput) =>
      apiFetch(clusterSummarySchema, "/api/v1/clusters", { method: "POST", ...jsonBody(input) }),
    onSuccess: invalidate,
  });
}

/** POST /api/v1/clusters/{name}/join-tokens (admin): a single-use token for the agent. */
export function useCreateJoinToken() {
  return useMutation({
    mutationFn: ({ name, ttlHours }: { name: string; ttlHours?: number }) =>
      apiFetch(issuedJoinTokenSchema, `${clusterUrl(name)}/join-tokens`, {
        method: "POST",
        ...jsonBody(ttlHours ? { ttlHours } : {}),
      }),
  });
}

/** PATCH /api/v1/clusters/{name} (admin): accept (live) or disable, at the version shown. */
export function useSetClusterState() {
  const invalidate = useInvalidateClusters();
  return useMutation({
    mutationFn: ({
      name,
      version,
      state,
    }: {
      name: string;
      version: number;
      state: "live" | "disabled";
    }) =>
      apiFetch(clusterSummarySchema, clusterUrl(name), {
        method: "PATCH",
        ...jsonBody({ version, state }),
      }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/v1/clusters/{name}/agent (admin): revoke its credential and unused join tokens. */
export function useRevokeAgentAccess() {
  const invalidate = useInvalidateClusters();
  return useMutation({
    mutationFn: (name: string) =>
      apiFetch(agentRevokedSchema, `${clusterUrl(name)}/agent`, {
        method: "DELETE",
      }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/v1/clusters/{name} (admin): remove the cluster and all Meridian knows of it. */
export function useDeleteCluster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiSend(clusterUrl(name), { method: "DELETE" }),
    onSuccess: (_data, name) => {
      queryClient.removeQueries({ queryKey: queryKeys.clusters.state(name) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.clusters.all });
    },
  });
}

/** The fields of a cluster an admin edits in the "Edit cluster" dialog. */
export type ClusterEdit = Pick<ClusterUpdateInput, "displayName" | "region" | "labels">;

/** PATCH /api/v1/clusters/{name} (admin): display name, region and labels, at the version shown. */
export function useUpdateCluster() {
  const invalidate = useInvalidateClusters();
  return useMutation({
    mutationFn: ({ name, version, edit }: { name: string; version: number; edit: ClusterEdit }) =>
      apiFetch(clusterSummarySchema, clusterUrl(name), {
        method: "PATCH",
        ...jsonBody({ version, ...edit }),
      }),
    onSuccess: invalidate,
  });
}
