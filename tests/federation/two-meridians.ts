// Two Meridians in one process for the federation suite: A on the run's test database, B on a
// second database of the same Postgres server, each with its own demo fleet (Distributed
// Bookinfo) and its own Hamlet DiscoveryService on a loopback port. Everything B does runs inside
// withDatabase(B), so B's use cases, store and agent routes read and write B's database only.
import pg from "pg";
import { inject } from "vitest";
import { migrateDeploy } from "../../scripts/lib/migrate";
import { createDb, withDatabase, type Db } from "@/lib/store/client";
import { seedDemoFleet } from "@/lib/services/inventory/demo-seed";
import { startFederation, type Federation } from "@/lib/services/federation/start";
import { organisation, type Organisation } from "./certs";

export type Meridian = {
  name: string;
  org: Organisation;
  federation: Federation;
  /** Run `work` as this Meridian (its database). */
  run<T>(work: () => Promise<T>): Promise<T>;
  address(): string;
};

/** The backoff the suite uses: short, so reconnects happen within a test. */
export const TEST_BACKOFF = { initialMs: 100, maxMs: 800 };

function serverUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error(
      "tests/federation needs a Postgres server for its two databases: set TEST_DATABASE_URL (npm run test:federation in .ci/run does)",
    );
  return url;
}

/** Create B's database on the run's server, migrated; returns its URL and how to drop it. */
export async function secondDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = serverUrl();
  const name = `meridian_fed_b_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(inject("databaseUrl"));
  url.pathname = `/${name}`;
  await migrateDeploy(url.toString());
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Start one Meridian: its demo fleet seeded, its DiscoveryService up. */
export async function startMeridian(name: string, client: Db): Promise<Meridian> {
  const run = <T>(work: () => Promise<T>) => withDatabase(client, work);
  const org = organisation(name);
  await run(() => seedDemoFleet());
  const federation = await run(() =>
    startFederation({
      host: "127.0.0.1",
      port: 0,
      certPem: org.certPem,
      keyPem: org.keyPem,
      backoff: TEST_BACKOFF,
      scope: run,
    }),
  );
  return {
    name,
    org,
    federation,
    run,
    address: () => `localhost:${federation.owner.port}`,
  };
}

/** B's client on its own database. */
export const clientFor = (url: string) => createDb(url, 3);

/** Poll `check` until it returns a value (not undefined) or `ms` pass. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined>,
  ms = 15_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
