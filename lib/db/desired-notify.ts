import "server-only";
import { EventEmitter } from "node:events";
import pg from "pg";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

// Fan-out of "cluster X has a new desired generation" to every app replica. Writers call
// pg_notify inside their transaction (delivered only on commit); each replica LISTENs on
// one dedicated connection and wakes its waiting agents. The embedded database serves one
// connection and one replica, so there the in-process emitter alone carries the news.

export const DESIRED_CHANNEL = "meridian_desired";

const state = globalThis as unknown as {
  meridianDesired?: { emitter: EventEmitter; listening?: Promise<void> };
};
const hub = (state.meridianDesired ??= { emitter: new EventEmitter().setMaxListeners(0) });

function embedded(): boolean {
  return env().MERIDIAN_DB_POOL_MAX === 1;
}

/** Announce locally (the database NOTIFY is sent by the writer's transaction). */
export function announceLocally(clusterName: string): void {
  hub.emitter.emit(clusterName);
}

async function listen(): Promise<void> {
  const url = env().DATABASE_URL;
  if (!url) return;
  const connect = async (attempt: number): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    client.on("notification", (msg) => msg.payload && hub.emitter.emit(msg.payload));
    client.on("error", (error) => {
      log.warn("desired-state listener lost its connection; reconnecting", {
        error: error.message,
      });
      client.end().catch(() => undefined);
      setTimeout(() => void connect(attempt + 1), Math.min(30_000, 500 * 2 ** attempt));
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${DESIRED_CHANNEL}`);
    } catch (error) {
      client.emit("error", error as Error);
    }
  };
  await connect(0);
}

/**
 * Wait until the cluster's desired state may have changed, or `timeoutMs` passes.
 * Resolves true when woken by a change, false on timeout or abort.
 */
export async function waitForDesiredChange(
  clusterName: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<boolean> {
  if (!embedded()) hub.listening ??= listen();
  return new Promise((resolve) => {
    const done = (changed: boolean) => {
      clearTimeout(timer);
      hub.emitter.off(clusterName, onChange);
      signal?.removeEventListener("abort", onAbort);
      resolve(changed);
    };
    const onChange = () => done(true);
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(false), timeoutMs);
    hub.emitter.on(clusterName, onChange);
    signal?.addEventListener("abort", onAbort);
  });
}
