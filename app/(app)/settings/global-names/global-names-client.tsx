"use client";

import clsx from "clsx";
import { Globe } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { useSetGlobalHostname } from "@/components/data/use-global-hostname";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { GlobalHostnameResult } from "@/lib/model/intent";
import type { GlobalHostStyle } from "@/lib/domain/global-name";

const OPTIONS: { value: GlobalHostStyle; label: string; example: string; note: string }[] = [
  {
    value: "clusterset",
    label: "Kubernetes multi-cluster (MCS)",
    example: "reviews.bookinfo.svc.clusterset.local",
    note: "The name the Multi-Cluster Services API gives an exported service.",
  },
  {
    value: "global",
    label: "Short global names",
    example: "reviews.bookinfo.global",
    note: "The convention of Istio's multi-cluster guides and of Admiral.",
  },
];

const exampleOf = (suffix: GlobalHostStyle) => OPTIONS.find((o) => o.value === suffix)!.example;

type Props = { initialSuffix: GlobalHostStyle; globalServices: number; isAdmin: boolean };

export function GlobalNamesClient({ initialSuffix, globalServices, isAdmin }: Props) {
  const [current, setCurrent] = useState(initialSuffix);
  const [chosen, setChosen] = useState(initialSuffix);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<GlobalHostnameResult | null>(null);
  const save = useSetGlobalHostname();

  async function apply() {
    try {
      const answer = await save.mutateAsync({ suffix: chosen });
      setCurrent(answer.suffix);
      setResult(answer);
      setConfirming(false);
    } catch {
      // Shown in the dialog.
    }
  }

  return (
    <Card>
      <CardHeader
        title="Global hostname suffix"
        description={
          isAdmin
            ? "Choose how global services are named across the fleet."
            : "Only admins can change it."
        }
      />
      <CardBody className="space-y-4">
        <fieldset className="grid gap-3 sm:grid-cols-2" disabled={!isAdmin || save.isPending}>
          <legend className="sr-only">Global hostname suffix</legend>
          {OPTIONS.map((o) => (
            <label
              key={o.value}
              className={clsx(
                "flex cursor-pointer gap-3 rounded-md border p-3 text-sm",
                chosen === o.value ? "border-accent bg-accent/5" : "border-border",
                !isAdmin && "cursor-default",
              )}
            >
              <input
                type="radio"
                name="suffix"
                value={o.value}
                checked={chosen === o.value}
                onChange={() => setChosen(o.value)}
                className="mt-1"
              />
              <span className="min-w-0">
                <span className="text-fg flex items-center gap-2 font-medium">
                  {o.label}
                  {current === o.value ? (
                    <span className="text-muted text-xs font-normal">(in use)</span>
                  ) : null}
                </span>
                <code className="text-fg mt-1 block truncate font-mono text-xs">{o.example}</code>
                <span className="text-muted mt-1 block text-xs">{o.note}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {isAdmin ? (
          <div className="flex flex-wrap items-center gap-3">
            <Button
              variant="primary"
              disabled={chosen === current}
              onClick={() => {
                save.reset();
                setConfirming(true);
              }}
            >
              <Globe className="size-3.5" aria-hidden />
              Rename global hosts
            </Button>
            <p className="text-muted text-xs" data-testid="global-names-result">
              {result ? <Outcome result={result} /> : null}
            </p>
          </div>
        ) : null}
      </CardBody>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Rename every global host?"
        description={`All ${globalServices} global services get the new name at once. Clusters that import one are sent updated resources, and an editor open on any of them will have to reload.`}
        confirmLabel="Rename"
        pending={save.isPending}
        error={save.error instanceof Error ? save.error.message : null}
        onConfirm={apply}
        data-testid="global-names-confirm"
      >
        <p className="text-muted text-xs">For example</p>
        <p className="font-mono text-xs">
          <span className="text-muted line-through">{exampleOf(current)}</span>
          <br />
          <span className="text-fg">{exampleOf(chosen)}</span>
        </p>
      </ConfirmDialog>
    </Card>
  );
}

function Outcome({ result }: { result: GlobalHostnameResult }) {
  if (!result.changeSet) return <>Saved. No global service&apos;s hostname changed.</>;
  const { number, clusters, services } = result.changeSet;
  return (
    <>
      Renamed {services.length} global {services.length === 1 ? "service" : "services"}. Change set{" "}
      <Link href={`/changes/${number}`} className="text-fg font-medium underline">
        #{number}
      </Link>{" "}
      {clusters.length
        ? `updates ${clusters.length} ${clusters.length === 1 ? "cluster" : "clusters"}.`
        : "changes no cluster: none is told a global host yet."}
    </>
  );
}
