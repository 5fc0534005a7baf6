"use client";

import { GitCommitHorizontal } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { ChangeSetsTable } from "@/components/changes/change-sets-table";
import { toChangeSetRow } from "@/components/changes/change-set-view";
import { useChangeSets } from "@/components/data/use-change-sets";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { PageHeader } from "@/components/ui/page-header";
import { Pager, type CursorStack } from "@/components/ui/pager";
import { PageSkeleton } from "@/components/ui/skeleton";

export function ChangesClient() {
  // The cursors of the pages walked so far; the last one is shown.
  const [cursors, setCursors] = useState<CursorStack>([undefined]);
  const { data, error, isPending, isFetching, refetch } = useChangeSets(
    cursors[cursors.length - 1],
  );
  const items = data?.items ?? [];
  const first = cursors.length === 1;
  return (
    <>
      <PageHeader
        title="Changes"
        description="Every applied plan, with its status in each cluster. Open one to see its diff or roll it back."
      />
      {error && !data ? (
        <ErrorPanel
          title="Could not load change sets"
          message={error.message}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : isPending ? (
        <PageSkeleton rows={6} />
      ) : items.length === 0 && first ? (
        <Card>
          <EmptyState
            icon={<GitCommitHorizontal aria-hidden />}
            title="No changes yet"
            data-testid="changes-empty"
            actions={
              <Link href="/sharing" className={buttonClasses("primary")}>
                Open the export matrix
              </Link>
            }
          >
            When you apply a plan — exporting a service, importing it elsewhere, or changing its
            failover order — it is recorded here with its per-cluster status.
          </EmptyState>
        </Card>
      ) : (
        <Card className="overflow-hidden">
          <ChangeSetsTable rows={items.map(toChangeSetRow)} />
          <p className="border-border text-subtle border-t px-4 py-2 text-xs">
            {items.length === 0
              ? "No older change sets."
              : `#${items[0]!.number} to #${items[items.length - 1]!.number}${data?.nextCursor ? "; older ones on the next page" : ""}`}
          </p>
          <Pager
            what="change sets"
            page={cursors.length}
            hasNewer={!first}
            hasOlder={Boolean(data?.nextCursor)}
            loading={isFetching}
            onNewer={() => setCursors((c) => c.slice(0, -1))}
            onOlder={() => setCursors((c) => [...c, data?.nextCursor ?? undefined])}
          />
        </Card>
      )}
    </>
  );
}
