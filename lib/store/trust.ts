import "server-only";
import { primaryMesh } from "@/lib/agent-protocol/primary-mesh";
import type { MeshTypeName } from "@/lib/agent-protocol/snapshot";
import type { TrustInputCluster } from "@/lib/domain/trust";
import { MESH_ORDER } from "@/lib/store/cluster-view";
import { meshDetailsColumn, readColumn } from "@/lib/store/json-columns";
import { pool, type Tx } from "@/lib/store/transaction";

// Each cluster's mesh trust as stored (Mesh.details.trust), and the fleet's global services'
// exporters and importers: what the trust view and the bundle endpoint read.

type MeshRow = {
  type: MeshTypeName;
  trustDomain: string;
  rootCaFingerprint: string;
  details: unknown;
};

/** The trust input of one cluster: its primary mesh's trust, or none without a mesh. */
export function trustInputOf(
  cluster: string,
  meshes: readonly MeshRow[],
): TrustInputCluster | undefined {
  const mesh = primaryMesh(meshes);
  if (!mesh || mesh.type === "none") return undefined;
  const { trust } = readColumn(meshDetailsColumn, mesh.details, "Mesh.details", {});
  return {
    cluster,
    mesh: mesh.type,
    trustDomain: mesh.trustDomain,
    rootCaFingerprint: mesh.rootCaFingerprint,
    ...(trust ? { trust } : {}),
  };
}

/** Every enabled cluster's trust (clusters without a mesh have none). */
export async function readTrustClusters(tx: Tx = pool()): Promise<TrustInputCluster[]> {
  const clusters = await tx.cluster.findMany({
    where: { state: { not: "disabled" } },
    select: { name: true, meshes: { orderBy: MESH_ORDER } },
    orderBy: { name: "asc" },
  });
  return clusters.flatMap((c) => trustInputOf(c.name, c.meshes) ?? []);
}

/** Global services with their enabled exports and imports. */
export async function readTrustServices(
  tx: Tx = pool(),
): Promise<{ namespace: string; name: string; exports: string[]; imports: string[] }[]> {
  const rows = await tx.globalService.findMany({
    select: {
      namespace: true,
      name: true,
      exports: { where: { enabled: true }, select: { clusterName: true } },
      imports: { where: { enabled: true }, select: { clusterName: true } },
    },
    orderBy: [{ namespace: "asc" }, { name: "asc" }],
  });
  return rows
    .filter((g) => g.exports.length || g.imports.length)
    .map((g) => ({
      namespace: g.namespace,
      name: g.name,
      exports: g.exports.map((e) => e.clusterName).sort(),
      imports: g.imports.map((i) => i.clusterName).sort(),
    }));
}

/**
 * The bundle sequence of `trustDomain` for the roots hashed as `rootsHash`: 1 the first time,
 * one more each time the hash differs from the stored one (one statement, so two replicas
 * serving the same change count it once).
 */
export async function bundleSequence(
  trustDomain: string,
  rootsHash: string,
  tx: Tx = pool(),
): Promise<number> {
  const changed = await tx.$queryRaw<{ sequence: number }[]>`
    INSERT INTO "TrustBundle" ("trustDomain", "rootsHash", "sequence", "updatedAt")
    VALUES (${trustDomain}, ${rootsHash}, 1, now())
    ON CONFLICT ("trustDomain") DO UPDATE
      SET "rootsHash" = EXCLUDED."rootsHash",
          "sequence" = "TrustBundle"."sequence" + 1,
          "updatedAt" = now()
      WHERE "TrustBundle"."rootsHash" <> EXCLUDED."rootsHash"
    RETURNING "sequence"`;
  if (changed[0]) return changed[0].sequence;
  const row = await tx.trustBundle.findUniqueOrThrow({ where: { trustDomain } });
  return row.sequence;
}

/**
 * The trust of every mesh (of an enabled cluster) whose trust domain is `trustDomain`: what
 * its SPIFFE bundle serves. One indexed-size query, not the whole fleet: the endpoint is public.
 */
export async function readDomainTrust(
  trustDomain: string,
  tx: Tx = pool(),
): Promise<TrustInputCluster[]> {
  const meshes = await tx.mesh.findMany({
    where: { trustDomain, cluster: { state: { not: "disabled" } } },
    orderBy: [{ clusterName: "asc" }, { type: "asc" }],
  });
  return meshes.flatMap((m) => trustInputOf(m.clusterName, [m]) ?? []);
}
