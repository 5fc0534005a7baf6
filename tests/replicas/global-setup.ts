// Global setup of the replicas suite: its own Postgres server and database (migrated), and a
// fresh `next build` for the replicas to serve (reused when no source changed since, e.g. the
// one the e2e suite made in .ci/run).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrateDeploy } from "../../scripts/lib/migrate";
import { ensureBuild } from "./build";
import { startPostgres, stopPostgres } from "./postgres";

declare module "vitest" {
  export interface ProvidedContext {
    replicasDatabaseUrl: string;
    replicasPgData: string;
  }
}

/** The suite's ports (4700–4799): Postgres here, the replicas from REPLICA_PORTS (harness.ts). */
const PG_PORT = Number(process.env.MERIDIAN_REPLICAS_PG_PORT ?? 4790);

export default async function setup(project: TestProject) {
  await ensureBuild("replicas");
  const dataDir = mkdtempSync(path.join(tmpdir(), "meridian-replicas-pg-"));
  const serverUrl = await startPostgres(PG_PORT, dataDir);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE meridian_replicas`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = "/meridian_replicas";
  await migrateDeploy(url.toString());
  project.provide("replicasDatabaseUrl", url.toString());
  project.provide("replicasPgData", dataDir);
  return () => stopPostgres(dataDir);
}
