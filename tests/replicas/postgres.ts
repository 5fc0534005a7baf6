// The suite's own PostgreSQL server (Debian's binaries, as scripts/ci/start-postgres.sh runs
// them): started once for the run, restarted by the restart test, removed at the end.
import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const exec = promisify(execFile);
const SCRIPTS = path.resolve(import.meta.dirname, "../../scripts/ci");
export const INSTALL_HINT = "install it with 'apt-get install -y postgresql'";

/** The newest installed server's bin directory, or undefined. */
function serverBin(): string | undefined {
  try {
    const versions = readdirSync("/usr/lib/postgresql").sort((a, b) => Number(a) - Number(b));
    return versions.length ? `/usr/lib/postgresql/${versions.at(-1)}/bin` : undefined;
  } catch {
    return undefined;
  }
}

/** Debian's server refuses to run as root: run its tools as `postgres` then. */
function asServerUser(cmd: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0
    ? ["runuser", ["-u", "postgres", "--", cmd, ...args]]
    : [cmd, args];
}

/** Start a server on `port` with its data in `dataDir`; resolves its URL. */
export async function startPostgres(port: number, dataDir: string): Promise<string> {
  if (!serverBin())
    throw new Error(
      `The replicas suite needs a PostgreSQL server, which is missing: ${INSTALL_HINT}`,
    );
  const { stdout } = await exec("bash", [`${SCRIPTS}/start-postgres.sh`, String(port), dataDir]);
  return stdout.trim();
}

/** `pg_ctl restart -m fast`: every connection is cut, the server is back when this resolves. */
export async function restartPostgres(dataDir: string): Promise<void> {
  const [cmd, args] = asServerUser(`${serverBin()}/pg_ctl`, [
    "-D",
    dataDir,
    "-l",
    path.join(dataDir, "server.log"),
    "-m",
    "fast",
    "-w",
    "restart",
  ]);
  // The restarted server's output goes to its log: a pipe here would keep exec waiting.
  await exec(cmd, args);
}

/** Stop the server and remove its data. */
export async function stopPostgres(dataDir: string): Promise<void> {
  await exec("bash", [`${SCRIPTS}/stop-postgres.sh`, dataDir]);
}
