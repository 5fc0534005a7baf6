// A small list-then-watch informer over @kubernetes/client-node 2.x, keeping trimmed
// objects only. Same contract as client-go's Reflector: list, watch from the list's
// resourceVersion, resume from the last seen resourceVersion when a watch ends, relist
// when the server says that resourceVersion is gone (410), back off on errors.
import { Watch, type KubeConfig } from "@kubernetes/client-node";

import { backoffMs, sleep } from "../backoff";
import { SILENT_LOG, type AgentLog } from "../log";

/** The metadata every listed or watched object carries. */
export interface ObjectMeta {
  metadata?: { name?: string; namespace?: string; resourceVersion?: string };
}

/** What a list call returns (client-node 2.x returns the list object itself). */
export interface ObjectList<T> {
  metadata?: { resourceVersion?: string };
  items: T[];
}

/** What to list and watch, and how to trim it. */
export interface ListWatchSpec<T extends ObjectMeta, S> {
  /** Name for logs, e.g. "services". */
  name: string;
  /** Collection path for the watch, e.g. /api/v1/services. */
  path: string;
  /** The list call; it must use the same selectors as `selectors`. */
  list: () => Promise<ObjectList<T>>;
  /** labelSelector / fieldSelector, sent with every watch. */
  selectors?: { labelSelector?: string; fieldSelector?: string };
  trim: (obj: T) => S;
}

/** Tuning, mostly for tests. */
export interface InformerOptions {
  log?: AgentLog;
  /** First retry delay (full jitter), default 500 ms; capped at `backoffCapMs` (30 s). */
  backoffBaseMs?: number;
  backoffCapMs?: number;
}

/** Counters for logs and tests. */
export interface InformerStats {
  lists: number;
  /** Relists caused by 410 Gone (HTTP status or in-stream ERROR event). */
  goneRelists: number;
  watches: number;
  errors: number;
}

type WatchOutcome =
  { kind: "ended" } | { kind: "gone"; via: "http" | "event" } | { kind: "error"; error: unknown };

// The server closes a watch after timeoutSeconds; client-go picks a random value in
// [5 min, 10 min) so that a fleet of clients does not reconnect in lock-step.
const MIN_WATCH_SECONDS = 300;
// client-node aborts a watch after requestTimeoutMs without data (default 30 s) and uses
// the same timer for connecting. The watch cache sends bookmarks to watchers that allow
// them about once a minute, so 2 min of silence means a dead connection (or a very quiet
// narrow watch): either way we just resume from the last resourceVersion, no relist.
const WATCH_IDLE_TIMEOUT_MS = 120_000;

/** Keeps a trimmed, current copy of one collection. */
export class Informer<T extends ObjectMeta, S> {
  readonly stats: InformerStats = { lists: 0, goneRelists: 0, watches: 0, errors: 0 };
  private readonly store = new Map<string, S>();
  private readonly listeners: Array<() => void> = [];
  private readonly abort = new AbortController();
  private readonly log: AgentLog;
  private resourceVersion = "";
  private interruptWatch: (() => void) | undefined;
  private loop: Promise<void> | undefined;

  constructor(
    private readonly kc: KubeConfig,
    private readonly spec: ListWatchSpec<T, S>,
    private readonly opts: InformerOptions = {},
  ) {
    this.log = opts.log ?? SILENT_LOG;
  }

  /** Lists, then keeps watching in the background. Resolves after the first successful list. */
  start(): Promise<void> {
    if (this.loop) throw new Error(`informer ${this.spec.name} already started`);
    return new Promise<void>((resolve) => {
      this.loop = this.run(resolve);
    });
  }

  /** Stops the watch and the retry loop. */
  async stop(): Promise<void> {
    this.abort.abort();
    this.interruptWatch?.();
    await this.loop;
  }

  /** Registers a listener called after every change to the store (and after each relist). */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** The trimmed objects, keyed namespace/name (name for cluster-scoped objects). */
  items(): ReadonlyMap<string, S> {
    return this.store;
  }

  /** The resourceVersion the next watch starts from. */
  lastResourceVersion(): string {
    return this.resourceVersion;
  }

  /**
   * Drops the current watch and resumes from `resourceVersion` — what happens after a
   * long disconnect, when the last seen version may have been compacted away. Tests use
   * it to drive the 410 path against a real API server.
   */
  resumeFrom(resourceVersion: string): void {
    this.resourceVersion = resourceVersion;
    this.interruptWatch?.();
  }

  private emit(): void {
    for (const l of this.listeners) {
      try {
        l();
      } catch (err) {
        this.log.error("informer listener failed", {
          informer: this.spec.name,
          error: String(err),
        });
      }
    }
  }

  private async run(started: () => void): Promise<void> {
    const signal = this.abort.signal;
    let needList = true;
    let attempt = 0;
    while (!signal.aborted) {
      try {
        if (needList) {
          await this.relist();
          needList = false;
          started();
        }
        const outcome = await this.watchOnce();
        if (signal.aborted) break;
        if (outcome.kind === "error") throw outcome.error;
        attempt = 0;
        if (outcome.kind === "gone") {
          // Our resourceVersion is older than etcd's compaction or the watch cache's
          // window: nothing can replay from it, so relist (client-go's Reflector does the
          // same). https://kubernetes.io/docs/reference/using-api/api-concepts/#410-gone-responses
          this.stats.goneRelists += 1;
          this.log.info("watch expired (410), relisting", {
            informer: this.spec.name,
            via: outcome.via,
          });
          needList = true;
        }
      } catch (err) {
        if (signal.aborted) break;
        this.stats.errors += 1;
        const delay = backoffMs(attempt++, this.opts.backoffBaseMs, this.opts.backoffCapMs);
        this.log.warn("list/watch failed, retrying", {
          informer: this.spec.name,
          error: errorText(err),
          retryInMs: delay,
        });
        await sleep(delay, signal);
      }
    }
  }

  private async relist(): Promise<void> {
    const list = await this.spec.list();
    this.stats.lists += 1;
    this.store.clear();
    for (const item of list.items) this.store.set(keyOf(item), this.spec.trim(item));
    this.resourceVersion = list.metadata?.resourceVersion ?? "";
    this.emit();
  }

  private async watchOnce(): Promise<WatchOutcome> {
    const watch = new Watch(this.kc);
    // Declared private in 2.0.1's typings but a plain instance field: the only knob.
    (watch as unknown as { requestTimeoutMs: number }).requestTimeoutMs = WATCH_IDLE_TIMEOUT_MS;
    this.stats.watches += 1;
    // Filled in once the watch connects; settle() may run before (or without) that.
    const conn: { controller?: AbortController } = {};
    let settle: (o: WatchOutcome) => void = () => undefined;
    const outcome = new Promise<WatchOutcome>((resolve) => {
      let settled = false;
      settle = (o) => {
        if (settled) return;
        settled = true;
        conn.controller?.abort();
        resolve(o);
      };
    });
    this.interruptWatch = () => settle({ kind: "ended" });
    if (this.abort.signal.aborted) settle({ kind: "ended" });
    const params = {
      ...this.spec.selectors,
      resourceVersion: this.resourceVersion,
      allowWatchBookmarks: true,
      timeoutSeconds: MIN_WATCH_SECONDS + Math.floor(Math.random() * MIN_WATCH_SECONDS),
    };
    conn.controller = await watch.watch(
      this.spec.path,
      params,
      // client-node swallows exceptions thrown here, so never throw: settle instead.
      (type: string, obj: unknown) => {
        try {
          this.handleEvent(type, obj, settle);
        } catch (error) {
          settle({ kind: "error", error });
        }
      },
      (err: unknown) => {
        if (!err) return settle({ kind: "ended" });
        const status = (err as { statusCode?: number }).statusCode;
        // A refused watch reports its HTTP status here (410 when the server checks the
        // version before answering 200).
        if (status === 410) return settle({ kind: "gone", via: "http" });
        // client-node's idle timer: the connection went quiet; resume, no backoff needed.
        if ((err as { name?: string }).name === "TimeoutError") return settle({ kind: "ended" });
        settle({ kind: "error", error: err });
      },
    );
    // The outcome may already be settled (refused watch, or stop() while connecting).
    if (this.abort.signal.aborted) settle({ kind: "ended" });
    const result = await outcome;
    conn.controller.abort();
    this.interruptWatch = undefined;
    return result;
  }

  private handleEvent(type: string, obj: unknown, settle: (o: WatchOutcome) => void): void {
    const o = obj as T & { code?: number; message?: string };
    switch (type) {
      case "ADDED":
      case "MODIFIED":
        this.store.set(keyOf(o), this.spec.trim(o));
        break;
      case "DELETED":
        this.store.delete(keyOf(o));
        break;
      case "BOOKMARK":
        // Only the resourceVersion moves; nothing changed.
        this.resourceVersion = o.metadata?.resourceVersion ?? this.resourceVersion;
        return;
      case "ERROR":
        // kube-apiserver (1.37, measured) answers an expired resourceVersion with HTTP 200
        // and an in-stream Status{code: 410, reason: Expired}.
        if (o.code === 410) settle({ kind: "gone", via: "event" });
        else settle({ kind: "error", error: new Error(`watch error event: ${JSON.stringify(o)}`) });
        return;
      default:
        return;
    }
    this.resourceVersion = o.metadata?.resourceVersion ?? this.resourceVersion;
    this.emit();
  }
}

/** namespace/name, or name for cluster-scoped objects. */
export function keyOf(obj: ObjectMeta): string {
  const ns = obj.metadata?.namespace;
  return ns ? `${ns}/${obj.metadata?.name ?? ""}` : (obj.metadata?.name ?? "");
}

function errorText(err: unknown): string {
  if (err && typeof err === "object" && "code" in err && "body" in err) {
    const body = (err as { body: unknown }).body;
    return `HTTP ${String((err as { code: unknown }).code)}: ${typeof body === "string" ? body.slice(0, 300) : JSON.stringify(body)?.slice(0, 300)}`;
  }
  return err instanceof Error ? err.message : String(err);
}
