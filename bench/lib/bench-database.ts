// A fresh database on the benchmark's Postgres server (BENCH_DATABASE_URL), migrated, and
// dropped when the benchmark ends — or kept and reused by name (`keep`), so a fleet that takes
// minutes to seed is seeded once for several interleaved runs.
import pg from "pg";
import { migrateDeploy } from "../../scripts/lib/migrate";

export type BenchDatabase = {
  url: string;
  /** True when `keep` named a database that already existed (it is not seeded again). */
  reused: boolean;
  drop: () => Promise<void>;
};

/** The server URL from BENCH_DATABASE_URL, or exit with how to get one. */
export function benchServerUrl(): string {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.error(
      "bench: set BENCH_DATABASE_URL to a local Postgres server (scripts/ci/start-postgres.sh starts one)",
    );
    process.exit(1);
  }
  return url;
}

/** A migrated database `<prefix>_<now>`, or the kept database `keep` (created once, never dropped). */
export async function freshDatabase(
  serverUrl: string,
  prefix: string,
  keep?: string,
): Promise<BenchDatabase> {
  const name = keep ?? `${prefix}_${Date.now()}`;
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`bench: bad database name ${name}`);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists =
    (await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount === 1;
  if (!exists) await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await migrateDeploy(url.toString());
  return {
    url: url.toString(),
    reused: exists,
    drop: async () => {
      if (keep) return;
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}
