import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import pg from "pg";
import { freePort, stopChild, waitFor } from "./processes";

export type EmbeddedPostgres = { url: string; stop: () => Promise<void> };

const require = createRequire(import.meta.url);

/**
 * Start the embedded Postgres (PGlite over the Postgres wire protocol) in its own process,
 * persisted in `dataDir`. It serves one connection at a time, so clients use a pool of one.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port?: number,
): Promise<EmbeddedPostgres> {
  mkdirSync(dataDir, { recursive: true });
  const listenPort = port ?? (await freePort());
  // The package exports no path to its CLI: resolve the package root, then the bin file.
  const entry = require.resolve("@electric-sql/pglite-socket"); // …/dist/index.cjs
  const server = path.join(path.dirname(entry), "scripts", "server.js");
  const child = spawn(
    process.execPath,
    [server, "-d", path.resolve(dataDir), "-p", String(listenPort), "-h", "127.0.0.1"],
    {
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
  const url = `postgresql://postgres@127.0.0.1:${listenPort}/postgres`;
  try {
    await waitFor(
      "the embedded database",
      async () => {
        if (child.exitCode !== null)
          throw new Error(`embedded database exited: ${stderr.slice(-2000)}`);
        const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
        await client.connect();
        await client.query("select 1");
        await client.end();
        return true;
      },
      60_000,
    );
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { url, stop: () => stopChild(child, 10_000) };
}
