import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import type { TrustView } from "@/lib/model/trust";
import { RootLabel } from "./root-label";

/** The groups of clusters that verify each other's workloads, with their roots. */
export function TrustGroups({ view }: { view: TrustView }) {
  const ungrouped = view.clusters.filter((c) => c.group === null);
  return (
    <Card>
      <CardHeader
        title="Trust groups"
        description="Clusters in one group verify each other's workload certificates, so they can mTLS."
      />
      <CardBody className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {view.groups.map((g, i) => (
          <section
            key={g.clusters.join(",")}
            aria-label={`Group ${i + 1}`}
            className="border-border rounded-md border p-3"
            data-testid="trust-group"
          >
            <div className="flex items-center justify-between gap-2">
              <h3 className="text-fg text-sm font-semibold">Group {i + 1}</h3>
              <span className="text-subtle text-xs">
                {g.clusters.length} cluster{g.clusters.length === 1 ? "" : "s"}
              </span>
            </div>
            <ul className="mt-2 flex flex-wrap gap-1" aria-label="Clusters">
              {g.clusters.map((c) => (
                <li key={c}>
                  <Badge tone="accent">{c}</Badge>
                </li>
              ))}
            </ul>
            <dl className="mt-3 space-y-1 text-xs">
              <div className="flex gap-2">
                <dt className="text-subtle w-24 shrink-0">Trust domain</dt>
                <dd className="text-muted">{g.trustDomains.join(", ") || "—"}</dd>
              </div>
              <div className="flex gap-2">
                <dt className="text-subtle w-24 shrink-0">Roots</dt>
                <dd className="flex flex-wrap gap-x-2">
                  {g.roots.map((r) => (
                    <RootLabel key={r} fingerprint={r} />
                  ))}
                </dd>
              </div>
            </dl>
          </section>
        ))}
        {ungrouped.length ? (
          <section
            aria-label="Unknown roots"
            className="border-border rounded-md border border-dashed p-3"
          >
            <h3 className="text-fg text-sm font-semibold">Root not reported</h3>
            <p className="text-subtle mt-1 text-xs">
              Their agents did not report a readable root (an older agent, or no mesh CA found):{" "}
              {ungrouped.map((c) => c.cluster).join(", ")}.
            </p>
          </section>
        ) : null}
      </CardBody>
    </Card>
  );
}
