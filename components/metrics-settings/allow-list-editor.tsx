"use client";

import { useState, type FormEvent } from "react";
import { useAllowList, useSaveAllowList } from "@/components/data/use-metrics";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";

/** One entry per line: private CIDRs, addresses or hostnames sources may point at. */
export function AllowListEditor({ initial }: { initial?: string[] }) {
  const list = useAllowList(initial ? { entries: initial } : undefined);
  const save = useSaveAllowList();
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? (list.data?.entries ?? []).join("\n");

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const entries = text
      .split(/[\n,]/)
      .map((e) => e.trim())
      .filter(Boolean);
    try {
      await save.mutateAsync(entries);
      setDraft(null);
    } catch {
      // Shown below.
    }
  }

  if (list.isPending) return <Skeleton className="h-24 w-full" />;
  if (list.error && !list.data)
    return (
      <ErrorPanel
        title="Could not load the allow-list"
        message={list.error.message}
        onRetry={() => void list.refetch()}
      />
    );
  return (
    <form onSubmit={handleSubmit} className="space-y-2" data-testid="allow-list">
      <label htmlFor="allow-list" className="sr-only">
        Allowed private networks
      </label>
      <textarea
        id="allow-list"
        rows={4}
        spellCheck={false}
        value={text}
        onChange={(e) => setDraft(e.target.value)}
        placeholder={"10.0.0.0/8\nprometheus.monitoring.svc\n*.svc.cluster.local"}
        className="border-border-strong bg-surface text-fg placeholder:text-subtle focus-visible:border-ring focus-visible:ring-ring/30 block w-full rounded-md border px-2.5 py-1.5 font-mono text-xs leading-5 focus-visible:ring-2 focus-visible:outline-none"
      />
      <div className="flex items-center gap-3">
        <Button type="submit" size="sm" loading={save.isPending} disabled={draft === null}>
          Save allow-list
        </Button>
        {save.error ? (
          <p role="alert" className="text-xs text-red-700 dark:text-red-300">
            {save.error.message}
          </p>
        ) : save.isSuccess && draft === null ? (
          <p className="text-subtle text-xs">Saved.</p>
        ) : null}
      </div>
    </form>
  );
}
