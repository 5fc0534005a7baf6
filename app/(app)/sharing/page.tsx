import type { Metadata } from "next";
import { listClusters } from "@/lib/store/clusters";
import { listGlobalServices } from "@/lib/store/global-services";
import { getTrustView } from "@/lib/services/trust/trust";
import { requireUser } from "../require-user";
import { SharingClient } from "./sharing-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sharing" };

/** The export matrix: which clusters export each global service and which import it. */
type SharingPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SharingPage({ searchParams }: SharingPageProps) {
  const user = await requireUser();
  const { q } = await searchParams;
  const initialSearch = (Array.isArray(q) ? q[0] : q)?.slice(0, 100) ?? "";
  const [clusters, services, trust] = await Promise.all([
    listClusters(),
    listGlobalServices({}),
    getTrustView(),
  ]);
  const trustOf = new Map(trust.clusters.map((t) => [t.cluster, t]));
  return (
    <SharingClient
      canChange={user.role !== "viewer"}
      initialSearch={initialSearch}
      clusters={clusters
        .filter((c) => c.state === "live")
        .map((c) => ({
          name: c.name,
          displayName: c.displayName,
          region: c.region,
          meshes: c.meshes.map((m) => m.type),
          stale: c.stale,
          site: c.kind === "vm-site",
          ...(trustOf.has(c.name)
            ? {
                compat: {
                  mesh: trustOf.get(c.name)!.mesh,
                  signingRoot: trustOf.get(c.name)!.signingRoot,
                  trustedRoots: trustOf.get(c.name)!.roots.map((r) => r.fingerprint),
                },
              }
            : {}),
        }))}
      rows={services.map((s) => ({
        key: `${s.namespace}/${s.name}`,
        namespace: s.namespace,
        name: s.name,
        hostname: s.hostname,
        members: Object.fromEntries(
          s.clusters.map((m) => [
            m.cluster,
            { endpoints: m.endpoints, stale: m.stale, externalName: m.type === "ExternalName" },
          ]),
        ),
      }))}
    />
  );
}
