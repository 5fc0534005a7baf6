"use client";

import { CircleCheck, Hourglass, RefreshCw } from "lucide-react";
import { useRouter } from "next/navigation";
import { ApiRequestError } from "@/components/data/api-error";
import { useSetClusterState } from "@/components/data/use-clusters";
import { Button } from "@/components/ui/button";

type AcceptClusterCalloutProps = {
  name: string;
  version: number;
  /** The agent has registered (it reported or announced its version). */
  registered: boolean;
  canAccept: boolean;
};

/**
 * A pending cluster waits for two opt-ins: its agent registers with a join token, and an
 * admin accepts it here. Until both, Meridian sends it no desired state.
 */
export function AcceptClusterCallout({
  name,
  version,
  registered,
  canAccept,
}: AcceptClusterCalloutProps) {
  const router = useRouter();
  const accept = useSetClusterState();
  const stale = accept.error instanceof ApiRequestError && accept.error.status === 409;

  function handleReload() {
    accept.reset();
    router.refresh();
  }

  async function handleAccept() {
    try {
      await accept.mutateAsync({ name, version, state: "live" });
      router.refresh();
    } catch {
      // Shown below from accept.error.
    }
  }

  return (
    <section
      aria-labelledby="accept-cluster-title"
      data-testid="accept-cluster"
      className="flex flex-wrap items-start gap-3 rounded-lg border border-sky-300 bg-sky-50 px-4 py-3 text-sky-950 dark:border-sky-500/40 dark:bg-sky-500/10 dark:text-sky-100"
    >
      <Hourglass className="mt-0.5 size-4 shrink-0 text-sky-700 dark:text-sky-300" aria-hidden />
      <div className="min-w-0 flex-1 basis-80 text-[13px]">
        <h2 id="accept-cluster-title" className="font-semibold">
          {registered
            ? "The agent has registered — waiting for acceptance"
            : "Waiting for the agent"}
        </h2>
        <p className="mt-0.5 text-sky-900 dark:text-sky-200/90">
          {registered
            ? "Accepting lets Meridian send this cluster desired state. Until then its agent reports inventory, but nothing is applied."
            : "No agent has registered yet: install it with the cluster's join token. You can accept now; Meridian sends desired state only once the agent has registered too."}
          {canAccept ? null : " An admin has to accept the cluster."}
        </p>
        {accept.error ? (
          <p role="alert" className="mt-2 text-red-700 dark:text-red-300">
            {accept.error.message}
          </p>
        ) : null}
      </div>
      {canAccept ? (
        <div className="flex shrink-0 items-center gap-2">
          {stale ? (
            <Button onClick={handleReload}>
              <RefreshCw className="size-3.5" aria-hidden />
              Reload
            </Button>
          ) : null}
          <Button
            variant="primary"
            onClick={handleAccept}
            loading={accept.isPending}
            disabled={stale}
          >
            {accept.isPending ? null : <CircleCheck className="size-3.5" aria-hidden />}
            Accept cluster
          </Button>
        </div>
      ) : null}
    </section>
  );
}
