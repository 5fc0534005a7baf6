// Applies prisma/migrations the way `prisma migrate deploy` does, with node-postgres alone, so
// the production runtime needs neither the Prisma CLI nor its schema engine. It keeps Prisma's
// own bookkeeping (the `_prisma_migrations` table, the SHA-256 checksum of each migration.sql,
// the advisory lock), so the two are interchangeable on one database: tests/scripts/migrate.test.ts
// checks that `prisma migrate status` agrees with what this applied, and the other way round.
// Same rules as the schema engine's apply_migrations: take the lock, refuse while a migration
// has failed, apply each folder (sorted by name) not yet recorded as applied, record the result.
import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { ROOT } from "./root";

/** The key of the schema engine's advisory lock: this and `prisma migrate` never run at once. */
const PRISMA_MIGRATE_LOCK = 72707369;
/** The migrations folder of a checkout or of the runtime tree. */
export const MIGRATIONS_DIR = path.join(ROOT, "prisma", "migrations");

// The table exactly as the schema engine creates it on PostgreSQL.
const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id"                  VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum"            VARCHAR(64) NOT NULL,
  "finished_at"         TIMESTAMPTZ,
  "migration_name"      VARCHAR(255) NOT NULL,
  "logs"                TEXT,
  "rolled_back_at"      TIMESTAMPTZ,
  "started_at"          TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

/** One migration folder. */
export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

/** The migration folders under `dir`, in the order they apply (by name). */
export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const lock = path.join(dir, "migration_lock.toml");
  if (existsSync(lock) && !/provider\s*=\s*"postgresql"/.test(readFileSync(lock, "utf8"))) {
    throw new Error(`${lock}: the migrations are not for PostgreSQL`);
  }
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

type Row = { migration_name: string; finished_at: Date | null; rolled_back_at: Date | null };

/**
 * Apply every pending migration to the database at `url`; resolves to the names applied.
 * Safe to run from several processes at once (they queue on the advisory lock).
 */
export async function applyMigrations(
  url: string,
  opts: { dir?: string; say?: (msg: string) => void } = {},
): Promise<string[]> {
  const migrations = readMigrations(opts.dir);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [PRISMA_MIGRATE_LOCK]);
    await client.query(CREATE_TABLE);
    const { rows } = await client.query<Row>(
      `SELECT migration_name, finished_at, rolled_back_at FROM "_prisma_migrations"`,
    );
    const failed = rows.filter((r) => !r.finished_at && !r.rolled_back_at);
    if (failed.length) {
      throw new Error(
        `migration ${failed.map((r) => r.migration_name).join(", ")} failed earlier: fix the database, ` +
          `then mark it rolled back (prisma migrate resolve --rolled-back NAME; docs/install.md)`,
      );
    }
    const applied = new Set(rows.filter((r) => !r.rolled_back_at).map((r) => r.migration_name));
    const done: string[] = [];
    for (const m of migrations.filter((m) => !applied.has(m.name))) {
      opts.say?.(`applying migration ${m.name}`);
      const id = randomUUID();
      await client.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name) VALUES ($1, $2, $3)`,
        [id, m.checksum, m.name],
      );
      try {
        // Without parameters node-postgres uses the simple query protocol: the whole file runs
        // as one implicit transaction, as the schema engine runs it.
        await client.query(m.sql);
      } catch (err) {
        const logs = err instanceof Error ? err.message : String(err);
        await client.query(`UPDATE "_prisma_migrations" SET logs = $2 WHERE id = $1`, [id, logs]);
        throw new Error(`migration ${m.name} failed: ${logs}`);
      }
      await client.query(
        `UPDATE "_prisma_migrations" SET applied_steps_count = applied_steps_count + 1, finished_at = now() WHERE id = $1`,
        [id],
      );
      done.push(m.name);
    }
    return done;
  } finally {
    // Ending the session releases the advisory lock too.
    await client.end();
  }
}

/** Apply every pending migration to the database at `url` (start-up, tests, benchmarks). */
export async function migrateDeploy(url: string): Promise<void> {
  await applyMigrations(url);
}
