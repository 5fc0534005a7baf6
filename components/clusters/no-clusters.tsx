import { Server } from "lucide-react";
import Link from "next/link";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";

function Code({ children }: { children: React.ReactNode }) {
  return (
    <code className="border-border bg-surface-2 text-fg rounded border px-1.5 py-0.5 font-mono text-[12px]">
      {children}
    </code>
  );
}

/** First-run state: no cluster has been added yet. `canAdd`: the viewer is an admin. */
export function NoClusters({ canAdd = false }: { canAdd?: boolean }) {
  return (
    <Card data-testid="no-clusters">
      <EmptyState icon={<Server aria-hidden />} title="No clusters yet">
        <p>
          Meridian shows your fleet once a cluster&apos;s agent connects. Add a cluster (an admin
          gets a one-time join token and the install command), then run the agent inside the cluster
          — it only connects outwards.
        </p>
        <ul className="mt-4 space-y-2 text-left text-[13px]">
          <li>
            <span className="text-fg font-medium">Try it with a demo fleet:</span> run{" "}
            <Code>npm run demo</Code> to start three simulated clusters in two regions.
          </li>
          <li>
            <span className="text-fg font-medium">Add a real cluster:</span>{" "}
            {canAdd ? (
              <>
                choose{" "}
                <Link href="/clusters" className="text-accent font-medium hover:underline">
                  Add cluster
                </Link>{" "}
                on the Clusters page (or <Code>POST /api/v1/clusters</Code>), then run the install
                command it shows.
              </>
            ) : (
              <>
                ask an admin to add it (or register it with <Code>POST /api/v1/clusters</Code> using
                an admin API token), then install the agent in the cluster.
              </>
            )}
          </li>
        </ul>
      </EmptyState>
    </Card>
  );
}
