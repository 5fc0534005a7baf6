"use client";

import Link from "next/link";
import { useClusterState } from "@/components/data/use-clusters";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { sharingInWords } from "@/lib/domain/sharing-in-words";
import type { ClusterObject } from "@/lib/model/agents";
import { RESULT_TONE } from "./result-tone";

/** Why an object is in the state it is, in the operator's words. */
function stateHint(o: ClusterObject): string {
  if (o.state === "pending") return "The agent has not reported on this object yet";
  if (o.state === "drifted") return "Someone changed this object in the cluster";
  return o.message;
}

function ObjectRow({ o }: { o: ClusterObject }) {
  return (
    <TR data-testid="cluster-object" data-key={o.key} data-state={o.state}>
      <TD className="text-xs whitespace-nowrap">
        {o.kind}
        <div className="text-subtle font-mono text-[11px]">{o.apiVersion}</div>
      </TD>
      <TD className="font-mono text-xs break-all">
        {o.namespace ? <span className="text-muted">{o.namespace}/</span> : null}
        {o.name}
      </TD>
      <TD className="text-xs">
        {o.changeSet ? (
          <Link
            href={`/changes/${o.changeSet.number}`}
            className="text-fg hover:underline"
            title={`Change set #${o.changeSet.number}: ${o.changeSet.title}`}
          >
            #{o.changeSet.number} <span className="text-muted">{o.changeSet.title}</span>
          </Link>
        ) : (
          <span className="text-subtle">written directly</span>
        )}
      </TD>
      <TD className="text-xs">
        <Badge tone={RESULT_TONE[o.state]}>{o.state}</Badge>
        {o.message || o.state === "pending" ? (
          <p className="text-muted mt-1 max-w-80 break-words">{o.message || stateHint(o)}</p>
        ) : null}
      </TD>
    </TR>
  );
}

/**
 * What Meridian pushed to this cluster and whether it is still there: each desired object with
 * the change set that last wrote it and the agent's applied state (drift included), and the
 * cluster's exports and imports in words. Refreshed with the agent panel.
 */
export function ClusterObjects({ name }: { name: string }) {
  const { data, error, isPending } = useClusterState(name);
  if (isPending) {
    return (
      <Card className="p-4" role="status">
        <span className="sr-only">Loading the objects Meridian pushed…</span>
        <Skeleton className="h-4 w-60" />
      </Card>
    );
  }
  if (error && !data) {
    return (
      <Card className="p-4">
        <p role="alert" className="text-xs text-red-700 dark:text-red-300">
          Could not load the objects Meridian pushed: {error.message}
        </p>
      </Card>
    );
  }
  const drifted = data.objects.filter((o) => o.state === "drifted").length;
  const words = sharingInWords(data.sharing);
  return (
    <Card className="overflow-hidden" data-testid="cluster-objects">
      <CardHeader
        title={`Objects Meridian pushed (${data.objects.length})`}
        description={
          drifted > 0
            ? `${drifted} ${drifted === 1 ? "object was" : "objects were"} changed in the cluster since Meridian applied ${drifted === 1 ? "it" : "them"}; the next apply restores Meridian's values.`
            : "Desired objects with the change set that last wrote each and the state the agent reported."
        }
      />
      <section aria-label="Sharing" className="border-border border-b px-4 py-3 text-[13px]">
        {words.length ? (
          <ul className="space-y-1" data-testid="cluster-sharing">
            {words.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        ) : (
          <p className="text-muted" data-testid="cluster-sharing">
            This cluster neither exports nor imports any global service.
          </p>
        )}
      </section>
      {data.objects.length === 0 ? (
        <EmptyState title="Nothing pushed" className="py-8">
          Meridian wants no objects in this cluster: nothing is exported or imported here.
        </EmptyState>
      ) : (
        <Table label="Objects Meridian pushed to this cluster">
          <THead>
            <TR>
              <TH>Kind</TH>
              <TH>Namespace / name</TH>
              <TH>Last written by</TH>
              <TH>Applied state</TH>
            </TR>
          </THead>
          <TBody>
            {data.objects.map((o) => (
              <ObjectRow key={o.key} o={o} />
            ))}
          </TBody>
        </Table>
      )}
    </Card>
  );
}
