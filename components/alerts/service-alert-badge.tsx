"use client";

import Link from "next/link";
import { useAlertSummary } from "@/components/data/use-alerts";
import { RollupBadge } from "./alert-badges";

/**
 * A global service's alert rollup as a small badge linking to its alerts, or nothing when it
 * has none. Every badge on a page shares one summary request.
 */
export function ServiceAlertBadge({ namespace, name }: { namespace: string; name: string }) {
  const { data } = useAlertSummary();
  const rollup = data?.services.find((s) => s.namespace === namespace && s.name === name);
  if (!rollup) return null;
  return (
    <Link
      href={`/alerts?globalService=${encodeURIComponent(`${namespace}/${name}`)}`}
      className="rounded"
      data-testid={`service-alert-badge-${namespace}-${name}`}
      aria-label={`Alerts of ${name}.${namespace}: ${rollup.label}`}
    >
      <RollupBadge rollup={rollup} />
    </Link>
  );
}
