import "server-only";
import { EventEmitter } from "node:events";
import pg from "pg";
import { env } from "@/lib/infra/env";
import { log } from "@/lib/infra/log";

// Fan-out of "cluster X has a new desired generation" to every app replica. Writers call
// pg_notify inside their transaction (delivered only on commit); each replica LISTENs on
// one dedicated connection and wakes its waiting agents. The embedded database serves one
// connection and one replica, so there the in-process emitter alone carries the news.

export const DESIRED_CHANNEL = "meridian_desired";
/** Payload prefix on the same channel: "this cluster's agent credentials were revoked". */
export const REVOKED_PREFIX = "revoked:";
// Not a string: any DNS label could be a cluster name, and cluster names are event names here.
const REVOKED = Symbol("credentials revoked");

const state = globalThis as unknown as {
  meridianDesired?: {
    /** Revocation handlers (the credential cache): a few per process. */
    emitter: EventEmitter;
    /** Each cluster's watches (its streams and long-polls on this replica). */
    watchers?: Map<string, Set<() => void>>;
    listening?: Promise<void>;
  };
};
const hub = (state.meridianDesired ??= { emitter: new EventEmitter().setMaxListeners(0) });
// Watches are kept per cluster, not as listeners of one event: a NOTIFY wakes its cluster's
// watches only, and opening or closing a watch costs the same with 10 or 2,000 streams open (an
// EventEmitter's listener array is searched and spliced on every removal, and copied on every
// emit — a fleet's worth of watches on one revocation event made both O(streams)).
const watchers = (hub.watchers ??= new Map());

/** Wake the watches of one cluster, or of every cluster (null: news may have been missed). */
function wakeWatches(clusterName: string | null): void {
  if (clusterName !== null) {
    for (const w of watchers.get(clusterName) ?? []) w();
    return;
  }
  for (const set of watchers.values()) for (const w of set) w();
}

/** Revoked credentials of a cluster (null: maybe any): its watches and the handlers hear it. */
function revoked(clusterName: string | null): void {
  wakeWatches(clusterName);
  hub.emitter.emit(REVOKED, clusterName);
}

/** How many desired-state watches this replica holds (streams and long-polls), for gauges and tests. */
export function desiredWatchCount(): number {
  let n = 0;
  for (const set of watchers.values()) n += set.size;
  return n;
}

function embedded(): boolean {
  return env().MERIDIAN_DB_POOL_MAX === 1;
}

/** Announce locally (the database NOTIFY is sent by the writer's transaction). */
export function announceLocally(clusterName: string): void {
  wakeWatches(clusterName);
}

/** Delay before the listener's next connection attempt: jittered, doubling from 250 ms to 10 s. */
export function listenRetryMs(failures: number, random = Math.random): number {
  return Math.round(Math.min(10_000, 250 * 2 ** Math.min(failures, 10)) * (0.5 + random() / 2));
}

async function listen(): Promise<void> {
  const url = env().DATABASE_URL;
  if (!url) return;
  // Failures since the listener last listened: the backoff starts over once it listens again,
  // so a replica that lived through many database restarts still comes back within a second.
  let failures = 0;
  let listenedBefore = false;
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    let lost = false;
    const reconnect = (error: Error) => {
      // node-postgres may report one loss twice (the error, then the closed socket).
      if (lost) return;
      lost = true;
      log.warn("desired-state listener lost its connection; reconnecting", {
        error: error.message,
      });
      client.end().catch(() => undefined);
      setTimeout(() => void connect(), listenRetryMs(failures++));
    };
    client.on("notification", ({ payload }) => {
      if (!payload) return;
      if (payload.startsWith(REVOKED_PREFIX)) revoked(payload.slice(REVOKED_PREFIX.length));
      else wakeWatches(payload);
    });
    client.on("error", reconnect);
    try {
      await client.connect();
      await client.query(`LISTEN ${DESIRED_CHANNEL}`);
    } catch (error) {
      return reconnect(error as Error);
    }
    failures = 0;
    // Changes and revocations sent while this replica was not listening were missed: every
    // watcher reads again and every cached credential is forgotten.
    if (listenedBefore) revoked(null);
    listenedBefore = true;
  };
  await connect();
}

/** This replica LISTENs for desired-state changes and revocations (no-op when embedded). */
export function ensureListening(): void {
  if (!embedded()) hub.listening ??= listen();
}

/**
 * Call `handler` when another replica's committed transaction revoked a cluster's agent
 * credentials (`pg_notify` with {@link REVOKED_PREFIX}), or with null when revocations may
 * have been missed (the listener reconnected).
 */
export function onCredentialsRevoked(handler: (clusterName: string | null) => void): void {
  hub.emitter.on(REVOKED, handler);
}

/**
 * After the commit of a transaction that revoked (or deleted) a cluster's agent credentials:
 * this replica forgets them and ends that cluster's desired-state streams at once (other
 * replicas hear the transaction's NOTIFY).
 */
export function announceRevokedLocally(clusterName: string): void {
  revoked(clusterName);
}

/** Changes of one cluster's desired state, heard from the moment the watch began. */
export interface DesiredWatch {
  /**
   * Resolves true once a change was heard since the watch began or since the last `next()`
   * answered true — at once if one already was — or false on timeout or abort.
   */
  next(timeoutMs: number, signal?: AbortSignal): Promise<boolean>;
  close(): void;
}

/**
 * Watch a cluster's desired state. Start watching before reading the state: a change committed
 * between the read and the wait would otherwise wake nobody, and the agent would hear of it
 * only when its long-poll ran out (a lost wake-up the agents benchmark hit under load).
 * A revocation of the cluster's credentials counts as a change, and so does a reconnect of the
 * replica's listener (news may have been missed): the waiter reads again and re-checks its
 * credential.
 */
export function watchDesiredChanges(clusterName: string): DesiredWatch {
  ensureListening();
  let heard = false;
  let wake: (() => void) | null = null;
  const onChange = () => {
    heard = true;
    wake?.();
  };
  let set = watchers.get(clusterName);
  if (!set) watchers.set(clusterName, (set = new Set()));
  set.add(onChange);
  return {
    next(timeoutMs, signal) {
      if (heard) {
        heard = false;
        return Promise.resolve(true);
      }
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener("abort", done);
          wake = null;
          const changed = heard;
          heard = false;
          resolve(changed);
        };
        const timer = setTimeout(done, timeoutMs);
        signal?.addEventListener("abort", done);
        wake = done;
      });
    },
    close() {
      set.delete(onChange);
      if (!set.size && watchers.get(clusterName) === set) watchers.delete(clusterName);
      wake?.();
    },
  };
}

/** Clusters with a desired-state watch open on this replica: their agents' streams or long-polls. */
export function watchedClusterCount(): number {
  let n = 0;
  for (const set of watchers.values()) if (set.size > 0) n++;
  return n;
}
