"use client";

import { Activity, Plus } from "lucide-react";
import { useState } from "react";
import type { MetricsSourceDto, SourceTestResult } from "@/lib/model/metrics";
import {
  useDeleteMetricsSource,
  useMetricsSources,
  useTestMetricsSource,
} from "@/components/data/use-metrics";
import { AllowListEditor } from "@/components/metrics-settings/allow-list-editor";
import { SourceFormDialog } from "@/components/metrics-settings/source-form-dialog";
import { SourcesTable } from "@/components/metrics-settings/sources-table";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";

type Props = {
  initialSources: MetricsSourceDto[];
  clusters: string[];
  isAdmin: boolean;
  initialAllowList?: string[];
};

export function MetricsSettingsClient({
  initialSources,
  clusters,
  isAdmin,
  initialAllowList,
}: Props) {
  const sources = useMetricsSources(initialSources);
  const remove = useDeleteMetricsSource();
  const test = useTestMetricsSource();
  // The dialog is keyed by what it edits, so its form starts fresh each time it opens.
  const [editing, setEditing] = useState<{ key: number; source: MetricsSourceDto | null } | null>(
    null,
  );
  const [toDelete, setToDelete] = useState<MetricsSourceDto | null>(null);
  const [results, setResults] = useState<Record<string, SourceTestResult | "pending">>({});

  async function handleTest(s: MetricsSourceDto) {
    setResults((r) => ({ ...r, [s.id]: "pending" }));
    try {
      const result = await test.mutateAsync(s.id);
      setResults((r) => ({ ...r, [s.id]: result }));
    } catch (err) {
      const message = err instanceof Error ? err.message : "Test failed";
      setResults((r) => ({ ...r, [s.id]: { ok: false, version: null, latencyMs: 0, message } }));
    }
  }

  async function handleDelete() {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      setToDelete(null);
    } catch {
      // Shown in the dialog.
    }
  }

  const items = sources.data ?? [];
  return (
    <div className="space-y-4">
      <Card className="overflow-hidden">
        <CardHeader
          title="Sources"
          description={
            isAdmin
              ? "Credentials are write-only: stored encrypted, sent only to the source, never shown again."
              : "Only admins can add or change sources."
          }
          actions={
            isAdmin ? (
              <Button
                variant="primary"
                size="sm"
                onClick={() => setEditing({ key: Date.now(), source: null })}
                data-testid="add-source"
              >
                <Plus className="size-3.5" aria-hidden />
                Add source
              </Button>
            ) : null
          }
        />
        {sources.error && !sources.data ? (
          <div className="p-4">
            <ErrorPanel
              title="Could not load metrics sources"
              message={sources.error.message}
              onRetry={() => void sources.refetch()}
              retrying={sources.isFetching}
            />
          </div>
        ) : items.length === 0 ? (
          <EmptyState
            icon={<Activity aria-hidden />}
            title="No metrics sources yet"
            data-testid="sources-empty"
          >
            Add a federating Prometheus (or Thanos/Mimir) to see request rate, errors and latency of
            every global service; add per-cluster Prometheus servers as fallbacks. In the demo,
            install Prometheus (
            <code className="font-mono text-xs">apt-get install -y prometheus</code>) and restart{" "}
            <code className="font-mono text-xs">npm run demo</code> to have them registered here.
          </EmptyState>
        ) : (
          <SourcesTable
            sources={items}
            canEdit={isAdmin}
            results={results}
            onEdit={(s) => setEditing({ key: Date.now(), source: s })}
            onDelete={setToDelete}
            onTest={handleTest}
          />
        )}
      </Card>

      {isAdmin ? (
        <Card>
          <CardHeader
            title="Allowed private networks"
            description="Meridian refuses source URLs on loopback, private and link-local addresses (SSRF protection) unless listed here. Cloud metadata endpoints are always refused."
          />
          <CardBody>
            <AllowListEditor initial={initialAllowList} />
          </CardBody>
        </Card>
      ) : null}

      {editing ? (
        <SourceFormDialog
          key={editing.key}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          source={editing.source}
          clusters={clusters}
        />
      ) : null}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) {
            setToDelete(null);
            remove.reset();
          }
        }}
        title="Remove metrics source?"
        description={
          <>
            Meridian stops reading metrics and alerts from{" "}
            <span className="text-fg font-medium">{toDelete?.name}</span>. Its stored credentials
            are deleted.
          </>
        }
        confirmLabel="Remove source"
        tone="danger"
        pending={remove.isPending}
        error={remove.error?.message ?? null}
        onConfirm={handleDelete}
        data-testid="delete-source"
      />
    </div>
  );
}
