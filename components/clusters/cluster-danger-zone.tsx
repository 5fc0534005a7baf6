"use client";

import { Ban, CirclePlay, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { ClusterSummary } from "@/lib/model/inventory";
import { useDeleteCluster, useSetClusterState } from "@/components/data/use-clusters";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

type Target = Pick<ClusterSummary, "name" | "displayName" | "state" | "version">;

/** Admin-only: disable (or re-enable) a cluster, or delete it after typing its name. */
export function ClusterDangerZone({ cluster }: { cluster: Target }) {
  const router = useRouter();
  const setState = useSetClusterState();
  const remove = useDeleteCluster();
  const [confirm, setConfirm] = useState<"disable" | "delete" | null>(null);
  const disabled = cluster.state === "disabled";

  function handleOpenChange(open: boolean) {
    if (open) return;
    setConfirm(null);
    setState.reset();
    remove.reset();
  }

  async function handleToggle() {
    try {
      await setState.mutateAsync({
        name: cluster.name,
        version: cluster.version,
        state: disabled ? "live" : "disabled",
      });
      setConfirm(null);
      router.refresh();
    } catch {
      // Shown in the dialog from setState.error (a 409 says to reload).
    }
  }

  async function handleDelete() {
    try {
      await remove.mutateAsync(cluster.name);
      router.replace("/clusters");
      router.refresh();
    } catch {
      // Shown in the dialog from remove.error.
    }
  }

  return (
    <Card className="border-red-200 dark:border-red-500/30" data-testid="cluster-danger-zone">
      <CardHeader title="Danger zone" description="Admins only. These affect the whole cluster." />
      <CardBody className="space-y-3">
        <div className="flex items-start justify-between gap-3">
          <p className="text-muted text-xs">
            {disabled
              ? "Disabled: no desired state, no agent registrations."
              : "Stop desired state and new agent registrations."}
          </p>
          <Button size="sm" onClick={() => setConfirm("disable")}>
            {disabled ? (
              <CirclePlay className="size-3.5" aria-hidden />
            ) : (
              <Ban className="size-3.5" aria-hidden />
            )}
            {disabled ? "Enable" : "Disable"}
          </Button>
        </div>
        <div className="border-border flex items-start justify-between gap-3 border-t pt-3">
          <p className="text-muted text-xs">Remove the cluster and all Meridian knows about it.</p>
          <Button size="sm" variant="danger" onClick={() => setConfirm("delete")}>
            <Trash2 className="size-3.5" aria-hidden />
            Delete cluster
          </Button>
        </div>
      </CardBody>

      <ConfirmDialog
        open={confirm === "disable"}
        onOpenChange={handleOpenChange}
        data-testid="disable-cluster-dialog"
        title={disabled ? "Enable cluster?" : "Disable cluster?"}
        description={
          disabled ? (
            <>
              <span className="text-fg font-mono">{cluster.name}</span> goes live again: its agent
              can register and Meridian resumes sending desired state.
            </>
          ) : (
            <>
              Meridian stops sending desired state to{" "}
              <span className="text-fg font-mono">{cluster.name}</span> and refuses new agent
              registrations. Workloads keep running with the last applied configuration.
            </>
          )
        }
        confirmLabel={disabled ? "Enable cluster" : "Disable cluster"}
        tone={disabled ? "primary" : "danger"}
        pending={setState.isPending}
        error={setState.error?.message}
        onConfirm={handleToggle}
      />
      <ConfirmDialog
        open={confirm === "delete"}
        onOpenChange={handleOpenChange}
        data-testid="delete-cluster-dialog"
        title="Delete cluster?"
        description={
          <>
            This removes <span className="text-fg font-medium">{cluster.displayName}</span> (
            <span className="font-mono">{cluster.name}</span>), its inventory, desired state and
            agent credentials from Meridian. Objects already applied in the cluster stay there. This
            cannot be undone.
          </>
        }
        requireText={cluster.name}
        confirmLabel="Delete cluster"
        tone="danger"
        pending={remove.isPending}
        error={remove.error?.message}
        onConfirm={handleDelete}
      />
    </Card>
  );
}
