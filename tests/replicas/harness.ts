// Two Meridian replicas as an operator runs them: `scripts/start.ts` (what `npm start` runs —
// migrations, then `next start` with the agent listener on MERIDIAN_AGENT_PORT) on the suite's
// `next build`, both on one database. Each runs in its own process group, so a SIGKILL takes
// the whole replica down at once, as when a pod dies.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, openSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { waitFor } from "../../scripts/lib/processes";
import { ROOT } from "../../scripts/lib/root";

/** Ports of replica A and B (app, agent listener), inside the suite's range 4700–4799. */
export const REPLICA_PORTS = {
  a: { port: 4701, agentPort: 4702 },
  b: { port: 4703, agentPort: 4704 },
} as const;

export type Replica = {
  name: string;
  /** The app (Next.js): REST API, UI, healthz. */
  url: string;
  /** The agent API listener (MERIDIAN_AGENT_PORT). */
  agentUrl: string;
  child: ChildProcess;
  /** The replica's own log (stdout and stderr of start.ts and Next). */
  log: () => string;
  /** SIGKILL to the replica's process group: no shutdown of any kind. */
  kill: () => Promise<void>;
  /** SIGTERM, then SIGKILL after a grace period. */
  stop: () => Promise<void>;
};

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((r) => child.once("exit", () => r()));
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // The group is gone already.
  }
}

/** Where a replica runs, when not one of the replicas suite's own (the CLI suite's app). */
export type ReplicaPlacement = {
  port: number;
  agentPort: number;
  databaseUrl: string;
  poolMax?: number;
};

/**
 * Start replica `name` ("a" or "b") on the suite's database — or, with `placement`, an app of
 * that name on those ports and that database; resolves once both ports serve.
 */
export async function startReplica(name: string, placement?: ReplicaPlacement): Promise<Replica> {
  const { port, agentPort } = placement ?? REPLICA_PORTS[name as keyof typeof REPLICA_PORTS];
  const dir = mkdtempSync(path.join(tmpdir(), `meridian-replica-${name}-`));
  const logFile = path.join(dir, "replica.log");
  const out = openSync(logFile, "a");
  const child = spawn(
    process.execPath,
    [
      "--conditions=react-server",
      "--import",
      "tsx",
      "scripts/start.ts",
      "--no-build",
      "--port",
      String(port),
      "--agent-port",
      String(agentPort),
    ],
    {
      cwd: ROOT,
      detached: true,
      stdio: ["ignore", out, out],
      env: {
        ...process.env,
        DATABASE_URL: placement?.databaseUrl ?? inject("replicasDatabaseUrl"),
        MERIDIAN_DATA_DIR: dir,
        MERIDIAN_DB_POOL_MAX: String(placement?.poolMax ?? 10),
        // Both replicas sign sessions with the same secret, as the plane's chart sets it.
        NEXTAUTH_SECRET: "replicas-suite-secret-0123456789abcdef",
        NEXTAUTH_URL: `http://127.0.0.1:${port}`,
        NEXT_TELEMETRY_DISABLED: "1",
      },
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const agentUrl = `http://127.0.0.1:${agentPort}`;
  const log = () => readFileSync(logFile, "utf8");
  const gone = exited(child);
  let dead = false;
  void gone.then(() => (dead = true));
  try {
    await waitFor(
      `replica ${name}`,
      async () => {
        if (dead) throw new Error("exited");
        // 401 without a credential proves the agent listener answers.
        const [app, agents] = await Promise.all([
          fetch(`${url}/api/healthz`),
          fetch(`${agentUrl}/api/agent/v1/desired`),
        ]);
        return app.ok && agents.status === 401;
      },
      90_000,
      100,
    );
  } catch (error) {
    signalGroup(child, "SIGKILL");
    throw new Error(
      `replica ${name} did not start: ${(error as Error).message}\n${log().slice(-3000)}`,
    );
  }
  if (dead) throw new Error(`replica ${name} exited at start:\n${log().slice(-3000)}`);
  return {
    name,
    url,
    agentUrl,
    child,
    log,
    kill: async () => {
      signalGroup(child, "SIGKILL");
      await gone;
    },
    stop: async () => {
      signalGroup(child, "SIGTERM");
      const timer = setTimeout(() => signalGroup(child, "SIGKILL"), 5000);
      await gone;
      clearTimeout(timer);
      // start.ts may exit before its Next child: make sure nothing of the group is left.
      signalGroup(child, "SIGKILL");
    },
  };
}

/** Call the REST API of a replica with an API token; status, body and Retry-After. */
export async function api(
  replica: Pick<Replica, "url">,
  token: string,
  method: string,
  pathname: string,
  body?: unknown,
): Promise<{ status: number; body: unknown; retryAfter: string | null }> {
  const res = await fetch(`${replica.url}${pathname}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: keep the text (a proxy's or a crash's page), the test prints it.
  }
  return { status: res.status, body: parsed, retryAfter: res.headers.get("retry-after") };
}
