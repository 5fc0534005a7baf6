// Vitest global setup: a fresh, migrated database for the run.
// TEST_DATABASE_URL set → a new database on that (local) Postgres server, dropped afterwards;
// otherwise → the embedded Postgres (PGlite) in a temporary folder.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../../scripts/lib/embedded-postgres";
import { migrateDeploy } from "../../scripts/lib/migrate";
import { assertLocalDatabase } from "./local-database";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    databasePoolMax: number;
  }
}

async function onServer(serverUrl: string): Promise<{ url: string; stop: () => Promise<void> }> {
  assertLocalDatabase(serverUrl);
  const name = `meridian_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    stop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let dir: string | undefined;
  let database: { url: string; stop: () => Promise<void> };
  if (serverUrl) {
    database = await onServer(serverUrl);
  } else {
    dir = mkdtempSync(path.join(tmpdir(), "meridian-test-db-"));
    database = await startEmbeddedPostgres(dir);
  }
  await migrateDeploy(database.url);
  project.provide("databaseUrl", database.url);
  project.provide("databasePoolMax", serverUrl ? 5 : 1);
  console.log(
    `tests: ${serverUrl ? "Postgres server" : "embedded Postgres (PGlite)"}, migrations applied`,
  );
  return async () => {
    await database.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
