import "server-only";
import type { StatusReport } from "@/lib/agent-protocol/messages";
import { microBatch } from "@/lib/infra/micro-batch";
import { pool, type Tx } from "@/lib/store/transaction";

// Agent rows: join tokens, per-cluster credentials, the agent's own record, and the batched
// write of status acknowledgements. The rules (who may register, what a retry means) live in
// lib/services/agents/ (access.ts, register.ts, authenticate.ts, reports.ts).

export type JoinTokenInsert = {
  clusterName: string;
  prefix: string;
  tokenHash: string;
  expiresAt: Date;
  createdById: string | null;
};

export async function insertJoinToken(tx: Tx, t: JoinTokenInsert): Promise<{ id: string }> {
  return tx.joinToken.create({ data: t, select: { id: true } });
}

/** A join token by its hash, with its cluster's state. */
export async function findJoinToken(tx: Tx, tokenHash: string) {
  const row = await tx.joinToken.findUnique({
    where: { tokenHash },
    include: { cluster: { select: { state: true } } },
  });
  return row && { ...row, clusterState: row.cluster.state };
}

/** Mark a join token used; false when another request consumed it first. */
export async function consumeJoinToken(tx: Tx, id: string, now: Date): Promise<boolean> {
  const consumed = await tx.joinToken.updateMany({
    where: { id, usedAt: null },
    data: { usedAt: now },
  });
  return consumed.count === 1;
}

/** Revoke a cluster's join tokens that were never used; the count revoked. */
export async function revokeUnusedJoinTokens(tx: Tx, clusterName: string, now: Date) {
  const r = await tx.joinToken.updateMany({
    where: { clusterName, revokedAt: null, usedAt: null },
    data: { revokedAt: now },
  });
  return r.count;
}

/** Revoke every live credential of a cluster; the count revoked. */
export async function revokeCredentials(tx: Tx, clusterName: string, now: Date) {
  const r = await tx.agentCredential.updateMany({
    where: { clusterName, revokedAt: null },
    data: { revokedAt: now },
  });
  return r.count;
}

/** Whether the cluster has this live credential (a retried registration's own). */
export async function hasLiveCredential(tx: Tx, clusterName: string, tokenHash: string) {
  return Boolean(
    await tx.agentCredential.findFirst({
      where: { clusterName, tokenHash, revokedAt: null },
      select: { id: true },
    }),
  );
}

export async function insertCredential(
  tx: Tx,
  c: { clusterName: string; prefix: string; tokenHash: string },
): Promise<{ id: string }> {
  return tx.agentCredential.create({ data: c, select: { id: true } });
}

/** A credential by its hash, or null. */
export async function findCredential(tokenHash: string, tx: Tx = pool()) {
  return tx.agentCredential.findUnique({
    where: { tokenHash },
    select: { id: true, clusterName: true, revokedAt: true, lastUsedAt: true },
  });
}

export async function touchCredential(id: string, at: Date, tx: Tx = pool()): Promise<void> {
  await tx.agentCredential.update({ where: { id }, data: { lastUsedAt: at } });
}

/** Record the agent's identity at registration (one agent row per cluster). */
export async function upsertAgent(
  tx: Tx,
  clusterName: string,
  agent: { version: string; hostname: string; connectedAt: Date },
): Promise<void> {
  await tx.agent.upsert({
    where: { clusterName },
    create: { clusterName, ...agent },
    update: agent,
  });
}

/** Note a report's arrival on the agent row. */
export async function recordAgentReport(
  clusterName: string,
  r: { version: string; hostname: string; at: Date; snapshot: boolean },
  tx: Tx = pool(),
): Promise<void> {
  await tx.agent.update({
    where: { clusterName },
    data: {
      version: r.version,
      hostname: r.hostname,
      lastReportAt: r.at,
      ...(r.snapshot ? { lastSnapshotAt: r.at } : {}),
    },
  });
}

export type StatusRow = {
  cluster: string;
  generation: number;
  results: StatusReport["results"];
  /** The change-set cluster status this acknowledgement settles: applied or failed. */
  status: "applied" | "failed";
  /** What failed, empty when nothing did: the change-set row's message, the agent's last error. */
  message: string;
};

/**
 * Write acknowledgements. Those of the same moment go out as one statement
 * (lib/infra/micro-batch.ts): a hundred agents acknowledging one intent change must not each
 * queue for a pooled connection. The generation check gates every write per row, so an unknown
 * generation changes nothing for that cluster and does not affect the others. Answers whether
 * the generation was accepted, the pending change sets the acknowledgement touched, and how long
 * after its commit each change set it settled here was settled (the propagation histogram).
 */
/** What one acknowledgement wrote; `settledAfterSeconds`: commit → now, per change set it settled. */
export type StatusWritten = {
  accepted: boolean;
  changeSets: string[];
  settledAfterSeconds: number[];
};

export const writeStatus = microBatch<StatusRow, StatusWritten>(
  async (rows) => {
    const out = await pool().$queryRaw<
      {
        cluster: string;
        accepted: boolean;
        changeSets: string[] | null;
        settled: number[] | null;
      }[]
    >`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(cluster text,
        generation int, results jsonb, status text, message text)
    ), accepted AS (
      SELECT i.* FROM input i WHERE i.generation <= COALESCE(
        (SELECT d.generation FROM "DesiredState" d WHERE d."clusterName" = i.cluster), 0)
    ), observed AS (
      INSERT INTO "ObservedState" ("clusterName", generation, results, "reportedAt")
      SELECT cluster, generation, results, now() FROM accepted
      ON CONFLICT ("clusterName") DO UPDATE SET generation = EXCLUDED.generation,
        results = EXCLUDED.results, "reportedAt" = EXCLUDED."reportedAt"
      RETURNING 1
    ), change_sets AS (
      UPDATE "ChangeSetCluster" c
      SET status = a.status::"ClusterChangeStatus", message = a.message, "updatedAt" = now()
      FROM accepted a
      WHERE c."clusterName" = a.cluster AND c.status = 'pending' AND c.generation <= a.generation
      RETURNING c."changeSetId", c."clusterName"
    ), agent AS (
      UPDATE "Agent" g SET "lastError" = NULLIF(a.message, '') FROM accepted a
      WHERE g."clusterName" = a.cluster
      RETURNING 1
    )
    SELECT i.cluster, EXISTS (SELECT 1 FROM accepted a WHERE a.cluster = i.cluster) AS accepted,
      (SELECT array_agg(DISTINCT x.id) FROM (
        SELECT cs."changeSetId" AS id FROM change_sets cs WHERE cs."clusterName" = i.cluster
        UNION ALL
        SELECT c."changeSetId" FROM accepted a
        JOIN "ChangeSetCluster" c ON c."clusterName" = a.cluster AND c.status <> 'pending'
          AND c.generation <= a.generation
        JOIN "ChangeSet" s ON s.id = c."changeSetId" AND s.status = 'pending'
        WHERE a.cluster = i.cluster) x) AS "changeSets",
      (SELECT array_agg(EXTRACT(EPOCH FROM clock_timestamp() - s."createdAt")::float8)
        FROM change_sets cs JOIN "ChangeSet" s ON s.id = cs."changeSetId"
        WHERE cs."clusterName" = i.cluster) AS settled
    FROM input i`;
    const byCluster = new Map(out.map((r) => [r.cluster, r]));
    return rows.map((r) => {
      const row = byCluster.get(r.cluster);
      return {
        accepted: Boolean(row?.accepted),
        changeSets: row?.changeSets ?? [],
        settledAfterSeconds: row?.settled ?? [],
      };
    });
  },
  (row) => row.cluster,
);
