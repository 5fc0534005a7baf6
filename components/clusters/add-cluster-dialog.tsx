"use client";

import { Plus } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { ClusterSummary } from "@/lib/model/inventory";
import { useCreateJoinToken, type IssuedJoinToken } from "@/components/data/use-clusters";
import { Button, buttonClasses } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ADD_CLUSTER_FORM_ID, AddClusterForm } from "./add-cluster-form";
import { JoinTokenView } from "./join-token-view";

type Step =
  | { kind: "form" }
  | { kind: "token"; cluster: ClusterSummary; issued: IssuedJoinToken }
  | { kind: "token-failed"; cluster: ClusterSummary; message: string };

/**
 * "Add cluster" for admins: register the cluster, then show its join token and Helm
 * install command once. Closing refreshes the page, where the cluster is listed as pending.
 */
export function AddClusterButton() {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<Step>({ kind: "form" });
  const [submitting, setSubmitting] = useState(false);
  const joinToken = useCreateJoinToken();

  async function handleCreated(cluster: ClusterSummary) {
    router.refresh();
    try {
      const issued = await joinToken.mutateAsync({ name: cluster.name });
      setStep({ kind: "token", cluster, issued });
    } catch (err) {
      setStep({
        kind: "token-failed",
        cluster,
        message: err instanceof Error ? err.message : "Could not issue a join token.",
      });
    }
  }

  function handleOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      // The token is gone for good once the dialog closes; the list shows the new cluster.
      if (step.kind !== "form") router.refresh();
      setStep({ kind: "form" });
      joinToken.reset();
    }
  }

  const busy = submitting || joinToken.isPending;
  const created = step.kind === "form" ? null : step.cluster;

  return (
    <>
      <Button variant="primary" onClick={() => setOpen(true)}>
        <Plus className="size-3.5" aria-hidden />
        Add cluster
      </Button>
      <Dialog
        open={open}
        onOpenChange={handleOpenChange}
        size={step.kind === "token" ? "wide" : "default"}
        modalStrict
        data-testid="add-cluster-dialog"
        title={created ? `Cluster “${created.name}” added` : "Add cluster"}
        description={
          created
            ? "Install the agent in the cluster with this one-time join token."
            : "Register a Kubernetes cluster or VM site. You get a one-time join token for its agent next."
        }
        footer={
          step.kind === "form" ? (
            <>
              <Button onClick={() => handleOpenChange(false)}>Cancel</Button>
              <Button type="submit" form={ADD_CLUSTER_FORM_ID} variant="primary" loading={busy}>
                Add cluster
              </Button>
            </>
          ) : (
            <>
              <Link
                href={`/clusters/${encodeURIComponent(step.cluster.name)}`}
                className={buttonClasses("secondary")}
                onClick={() => handleOpenChange(false)}
              >
                Open cluster
              </Link>
              <Button variant="primary" onClick={() => handleOpenChange(false)}>
                {step.kind === "token" ? "I've saved it" : "Close"}
              </Button>
            </>
          )
        }
      >
        {step.kind === "form" ? (
          <AddClusterForm onCreated={handleCreated} onPendingChange={setSubmitting} />
        ) : step.kind === "token" ? (
          <JoinTokenView cluster={step.cluster.name} issued={step.issued} />
        ) : (
          <p role="alert" className="text-[13px] text-red-700 dark:text-red-300">
            The cluster was added, but no join token could be issued: {step.message} Open the
            cluster and choose “New join token”.
          </p>
        )}
      </Dialog>
    </>
  );
}
