"use client";

import { Pencil } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import type { ClusterSummary } from "@/lib/model/inventory";
import { ApiRequestError } from "@/components/data/api-error";
import { useUpdateCluster } from "@/components/data/use-clusters";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input, INPUT_CLASSES } from "@/components/ui/field";
import { labelsToText, parseLabelText } from "./label-text";

const FORM_ID = "edit-cluster-form";

type Editable = Pick<ClusterSummary, "name" | "displayName" | "region" | "labels" | "version">;

/** What went wrong, in words: the API's message and each field it names. */
function problemOf(err: unknown): string {
  if (!(err instanceof ApiRequestError)) return "Could not save the cluster.";
  if (err.issues.length === 0) return err.message;
  return err.issues.map((i) => `${i.path.join(".") || "request"}: ${i.message}`).join("; ");
}

/**
 * "Edit cluster" (admins): display name, region and labels in a dialog, saved with the
 * version shown (someone else's edit in between is a 409, never overwritten). Audited by the API.
 */
export function EditClusterButton({ cluster }: { cluster: Editable }) {
  const router = useRouter();
  const update = useUpdateCluster();
  const [open, setOpen] = useState(false);
  const [displayName, setDisplayName] = useState(cluster.displayName);
  const [region, setRegion] = useState(cluster.region);
  const [labels, setLabels] = useState(labelsToText(cluster.labels));
  const [problem, setProblem] = useState<string | null>(null);

  function handleOpenChange(next: boolean) {
    if (next) {
      // Start from the cluster as the page shows it now.
      setDisplayName(cluster.displayName);
      setRegion(cluster.region);
      setLabels(labelsToText(cluster.labels));
      setProblem(null);
      update.reset();
    }
    setOpen(next);
  }

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = parseLabelText(labels);
    if (!parsed.ok) return setProblem(parsed.message);
    setProblem(null);
    try {
      await update.mutateAsync({
        name: cluster.name,
        version: cluster.version,
        edit: { displayName: displayName.trim(), region: region.trim(), labels: parsed.labels },
      });
      setOpen(false);
      router.refresh();
    } catch (err) {
      setProblem(problemOf(err));
    }
  }

  return (
    <>
      <Button onClick={() => handleOpenChange(true)}>
        <Pencil className="size-3.5" aria-hidden />
        Edit cluster
      </Button>
      <Dialog
        open={open}
        onOpenChange={handleOpenChange}
        title="Edit cluster"
        description={
          <>
            How <span className="font-mono">{cluster.name}</span> is named and placed. Its id cannot
            change. Every edit is recorded in the audit log.
          </>
        }
        data-testid="edit-cluster-dialog"
        footer={
          <>
            <Button onClick={() => handleOpenChange(false)}>Cancel</Button>
            <Button type="submit" form={FORM_ID} variant="primary" loading={update.isPending}>
              Save
            </Button>
          </>
        }
      >
        <form id={FORM_ID} onSubmit={handleSubmit} className="space-y-4" noValidate>
          <Field
            label="Display name"
            htmlFor="edit-cluster-display-name"
            hint="Shown instead of the id; empty shows the id."
          >
            <Input
              id="edit-cluster-display-name"
              value={displayName}
              maxLength={100}
              onChange={(e) => setDisplayName(e.target.value)}
            />
          </Field>
          <Field
            label="Region"
            htmlFor="edit-cluster-region"
            hint="Lower-case letters, digits and '-', e.g. eu-west-1."
          >
            <Input
              id="edit-cluster-region"
              value={region}
              onChange={(e) => setRegion(e.target.value)}
              className="font-mono"
            />
          </Field>
          <Field label="Labels" htmlFor="edit-cluster-labels" hint="One key=value a line.">
            <textarea
              id="edit-cluster-labels"
              value={labels}
              rows={4}
              onChange={(e) => setLabels(e.target.value)}
              className={`${INPUT_CLASSES} h-auto w-full py-1.5 font-mono text-[13px]`}
              spellCheck={false}
            />
          </Field>
          {problem ? (
            <p role="alert" className="text-[13px] text-red-700 dark:text-red-300">
              Not saved — {problem}
            </p>
          ) : null}
        </form>
      </Dialog>
    </>
  );
}
