import Link from "next/link";

import { buttonClasses } from "@/components/ui/button";

/** A quiet drawing of what the map will show: two regions, clusters, a dashed call. */
function FleetPicture() {
  return (
    <svg viewBox="0 0 320 150" className="text-subtle h-36 w-auto" aria-hidden>
      <g fill="none" stroke="currentColor" strokeOpacity="0.45">
        <rect x="8" y="14" width="150" height="128" rx="10" strokeDasharray="5 4" />
        <rect x="178" y="14" width="134" height="128" rx="10" strokeDasharray="5 4" />
        <rect x="22" y="34" width="122" height="44" rx="7" />
        <rect x="22" y="88" width="122" height="44" rx="7" />
        <rect x="192" y="34" width="106" height="98" rx="7" />
      </g>
      <g fill="currentColor" fillOpacity="0.18">
        <rect x="32" y="48" width="44" height="18" rx="4" />
        <rect x="88" y="48" width="44" height="18" rx="4" />
        <rect x="32" y="102" width="44" height="18" rx="4" />
        <rect x="204" y="50" width="44" height="18" rx="4" />
        <rect x="204" y="96" width="44" height="18" rx="4" />
      </g>
      <path
        d="M76 57 C 140 20, 170 30, 204 59"
        fill="none"
        stroke="#7c3aed"
        strokeOpacity="0.7"
        strokeWidth="2"
        strokeDasharray="6 4"
      />
      <path d="M76 57 L 88 57" stroke="currentColor" strokeOpacity="0.5" strokeWidth="2" />
    </svg>
  );
}

/** The map of a fleet without clusters: what it will show, and where to start. */
export function EmptyFleet() {
  return (
    <div
      className="flex h-full flex-col items-center justify-center px-6 text-center"
      data-testid="topology-empty"
    >
      <FleetPicture />
      <h2 className="text-fg mt-4 text-sm font-semibold">No clusters yet</h2>
      <p className="text-muted mt-1 max-w-md text-sm">
        The map shows every region, cluster and service of the fleet and the calls between them. Add
        a cluster and install its agent; its services appear here as soon as it reports.
      </p>
      <Link href="/clusters" className={`${buttonClasses("primary", "md")} mt-4`}>
        Add a cluster
      </Link>
    </div>
  );
}
