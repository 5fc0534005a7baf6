// The runtime's migrator (scripts/lib/migrate.ts) against the real Prisma CLI on a real database
// (the run's Postgres server with TEST_DATABASE_URL, else a fresh embedded Postgres per case):
// the two must agree on every database either of them migrated.
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "@/scripts/lib/embedded-postgres";
import { applyMigrations, MIGRATIONS_DIR, readMigrations } from "@/scripts/lib/migrate";
import { ROOT } from "@/scripts/lib/root";
import { assertLocalDatabase } from "../setup/local-database";

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** An empty database of its own. */
async function freshDatabase(): Promise<string> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) {
    const dir = mkdtempSync(path.join(tmpdir(), "meridian-migrate-"));
    const db = await startEmbeddedPostgres(dir);
    cleanups.push(async () => {
      await db.stop();
      rmSync(dir, { recursive: true, force: true });
    });
    return db.url;
  }
  assertLocalDatabase(server);
  const name = `meridian_migrate_${process.pid}_${Date.now()}_${cleanups.length}`;
  const sql = async (q: string) => {
    const c = new pg.Client({ connectionString: server });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  await sql(`CREATE DATABASE "${name}"`);
  cleanups.push(() => sql(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The real Prisma CLI (prisma.config.ts: the JS schema engine) on `url`. */
function prisma(url: string, ...args: string[]) {
  const r = spawnSync(
    process.execPath,
    [path.join(ROOT, "node_modules/prisma/build/index.js"), ...args],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url, CHECKPOINT_DISABLE: "1" },
      encoding: "utf8",
    },
  );
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

async function query<T extends pg.QueryResultRow>(url: string, q: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(q)).rows;
  } finally {
    await c.end();
  }
}

const history = (url: string) =>
  query<{ migration_name: string; checksum: string; applied_steps_count: number }>(
    url,
    `SELECT migration_name, checksum, applied_steps_count FROM "_prisma_migrations"
     WHERE finished_at IS NOT NULL ORDER BY migration_name`,
  );
const columns = (url: string) =>
  query(
    url,
    `SELECT table_name, column_name, data_type, is_nullable, column_default
     FROM information_schema.columns WHERE table_schema = 'public' ORDER BY 1, 2`,
  );

const ALL = readMigrations().map((m) => m.name);
// Each case starts its own embedded Postgres and the Prisma CLI without TEST_DATABASE_URL:
// ~15 s on an idle 2-core machine, over a minute on a loaded one.
const SLOW = 180_000;

describe("the runtime migrator and prisma migrate", () => {
  it(
    "applies every migration once, and prisma migrate status finds the database up to date",
    async () => {
      const url = await freshDatabase();
      expect(ALL.length).toBeGreaterThan(0);
      expect(await applyMigrations(url)).toEqual(ALL);
      expect(await applyMigrations(url)).toEqual([]);
      const status = prisma(url, "migrate", "status");
      expect(status.out).toContain("Database schema is up to date");
      expect(status.status).toBe(0);
    },
    SLOW,
  );

  it(
    "finds nothing to do on a database prisma migrate deploy migrated, with the same history and schema",
    async () => {
      const ours = await freshDatabase();
      const theirs = await freshDatabase();
      await applyMigrations(ours);
      const deploy = prisma(theirs, "migrate", "deploy");
      expect(deploy.status, deploy.out).toBe(0);
      expect(await applyMigrations(theirs)).toEqual([]);
      const h = await history(ours);
      expect(h.map((r) => r.migration_name)).toEqual(ALL);
      expect(h.every((r) => r.applied_steps_count === 1)).toBe(true);
      expect(await history(theirs)).toEqual(h);
      expect(await columns(ours)).toEqual(await columns(theirs));
    },
    SLOW,
  );

  // Several sessions at once need a Postgres server (CI runs this file with TEST_DATABASE_URL
  // too): the embedded database serves one connection at a time.
  if (process.env.TEST_DATABASE_URL) {
    it(
      "applies each migration exactly once when several processes start at once",
      async () => {
        const url = await freshDatabase();
        const runs = await Promise.all([1, 2, 3].map(() => applyMigrations(url)));
        expect(runs.flat().sort()).toEqual(ALL);
        expect((await history(url)).map((r) => r.migration_name)).toEqual(ALL);
      },
      SLOW,
    );
  }

  it(
    "records a failed migration, rolls its statements back and refuses to go on until it is resolved",
    async () => {
      const url = await freshDatabase();
      const dir = mkdtempSync(path.join(tmpdir(), "meridian-migrations-"));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      cpSync(MIGRATIONS_DIR, dir, { recursive: true });
      const bad = "29991231000000_broken";
      mkdirSync(path.join(dir, bad));
      writeFileSync(
        path.join(dir, bad, "migration.sql"),
        `CREATE TABLE "HalfDone" ("id" TEXT);\nSELECT * FROM "NoSuchTable";\n`,
      );

      await expect(applyMigrations(url, { dir })).rejects.toThrow(`migration ${bad} failed`);
      const rows = await query<{ finished_at: Date | null; logs: string | null }>(
        url,
        `SELECT finished_at, logs FROM "_prisma_migrations" WHERE migration_name = '${bad}'`,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]?.finished_at).toBeNull();
      expect(rows[0]?.logs).toContain("NoSuchTable");
      const halfDone = await query(url, `SELECT to_regclass('"HalfDone"') AS t`);
      expect(halfDone).toEqual([{ t: null }]);
      // The good migrations before it stay applied.
      expect((await history(url)).map((r) => r.migration_name)).toEqual(ALL);

      await expect(applyMigrations(url, { dir })).rejects.toThrow(
        `migration ${bad} failed earlier`,
      );

      // What docs/install.md tells an operator: fix the migration, mark the attempt rolled back.
      writeFileSync(path.join(dir, bad, "migration.sql"), `CREATE TABLE "HalfDone" ("id" TEXT);\n`);
      await query(
        url,
        `UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE migration_name = '${bad}'`,
      );
      expect(await applyMigrations(url, { dir })).toEqual([bad]);
      expect(await query(url, `SELECT to_regclass('"HalfDone"')::text AS t`)).toEqual([
        { t: '"HalfDone"' },
      ]);
    },
    SLOW,
  );
});
