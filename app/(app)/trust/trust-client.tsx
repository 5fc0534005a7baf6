"use client";

import { CalendarClock, RefreshCcw, ShieldAlert, ShieldCheck } from "lucide-react";
import { useTrust } from "@/components/data/use-trust";
import { TrustCerts } from "@/components/trust/trust-certs";
import { TrustGroups } from "@/components/trust/trust-groups";
import { TrustMatrix } from "@/components/trust/trust-matrix";
import { TrustServices } from "@/components/trust/trust-services";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { PageHeader } from "@/components/ui/page-header";
import { StatCard } from "@/components/ui/stat-card";
import type { TrustView } from "@/lib/model/trust";

const TITLE = "Trust";
const DESCRIPTION =
  "Which clusters can mTLS with which: the roots each mesh trusts, their expiry, and rotations in progress.";

export function TrustClient({ initial }: { initial: TrustView }) {
  const trust = useTrust(initial);
  const view = trust.data;
  if (!view)
    return (
      <>
        <PageHeader title={TITLE} description={DESCRIPTION} />
        <ErrorPanel
          message="Meridian could not load the trust view. This is usually temporary."
          onRetry={() => void trust.refetch()}
          retrying={trust.isFetching}
        />
      </>
    );
  if (view.clusters.length === 0)
    return (
      <>
        <PageHeader title={TITLE} description={DESCRIPTION} />
        <EmptyState icon={<ShieldCheck aria-hidden />} title="No mesh reports a trust root yet">
          Once a cluster&apos;s agent reports its mesh, its roots, trust domain and CA appear here.
        </EmptyState>
      </>
    );
  const expiring = view.clusters.flatMap((c) => c.roots).filter((r) => r.expiry !== "ok").length;
  const mismatches = view.services.filter((s) => s.state === "mismatch").length;
  const rotations = view.clusters.filter((c) => c.rotation).length;
  return (
    <>
      <PageHeader title={TITLE} description={DESCRIPTION} />
      {trust.isError ? (
        <p role="status" className="mb-4 text-xs text-amber-700 dark:text-amber-300">
          Showing the last trust view: refreshing failed.
        </p>
      ) : null}
      <div className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Trust groups" value={view.groups.length} icon={<ShieldCheck />} />
        <StatCard
          label="Root mismatches"
          value={mismatches}
          icon={<ShieldAlert />}
          tone={mismatches ? "warning" : "default"}
          hint="importer–exporter pairs"
        />
        <StatCard
          label="Expiring roots"
          value={expiring}
          icon={<CalendarClock />}
          tone={expiring ? "warning" : "default"}
          hint="within 30 days"
        />
        <StatCard
          label="Rotation windows"
          value={rotations}
          icon={<RefreshCcw />}
          tone={rotations ? "info" : "default"}
          hint="clusters trusting two roots"
        />
      </div>
      <div className="space-y-6">
        <TrustGroups view={view} />
        <TrustMatrix view={view} />
        <TrustServices view={view} />
        <TrustCerts view={view} />
      </div>
    </>
  );
}
