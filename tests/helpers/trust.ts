// Trust fixtures shared by the trust API test and the SPIFFE consumer suite: the demo fleet's
// snapshot of a cluster with its mesh's roots replaced.
import type { ReportedRoot } from "@/lib/agent-protocol/trust";
import { bookinfoFleet } from "@/lib/demo/bookinfo-fleet";
import { applyClusterSnapshot } from "@/lib/services/agents/inventory";

const SYSTEM = { type: "system", label: "test" } as const;

/** The demo fleet's roots, by cluster (east-1: A; east-2: A and A2 in rotation; west-1: B). */
export function demoRoots(cluster: string): ReportedRoot[] {
  const c = bookinfoFleet().find((x) => x.cluster.name === cluster)!;
  return c.snapshot.meshes[0]!.trust!.roots;
}

/** Reports `cluster`'s demo snapshot again with its mesh signing with, and trusting, `roots`. */
export async function reportRoots(cluster: string, roots: ReportedRoot[]): Promise<void> {
  const c = bookinfoFleet().find((x) => x.cluster.name === cluster)!;
  const mesh = c.snapshot.meshes[0]!;
  await applyClusterSnapshot(
    cluster,
    {
      ...c.snapshot,
      meshes: [
        {
          ...mesh,
          rootCaFingerprint: roots[0]?.fingerprint ?? "",
          trust: { ...mesh.trust!, roots },
        },
      ],
    },
    SYSTEM,
  );
}
