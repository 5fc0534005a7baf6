// The agent's control loop: register once, report inventory (a full snapshot on every
// connect, then batched deltas), and converge the cluster on Meridian's desired state.
// Level-triggered and idempotent: a crash or reconnect just converges again. When Meridian
// is unreachable, nothing in the cluster is touched.
import { newAgentCredential } from "../../lib/agent-protocol/credential";
import { diffSnapshots, isEmptyDelta } from "../../lib/agent-protocol/delta";
import { canonicalJson } from "../../lib/agent-protocol/canonical-json";
import {
  APPLY_SUCCEEDED,
  type DesiredResource,
  type DesiredResponse,
  type Report,
  type ResourceResult,
} from "../../lib/agent-protocol/messages";
import type { ClusterSnapshot } from "../../lib/agent-protocol/snapshot";
import { retryDelayMs, sleep } from "./backoff";
import type { InventorySource, ResourceWriter } from "./cluster-interfaces";
import { withDrift } from "./drift-results";
import type { AgentLog } from "./log";
import { MeridianRefused, MeridianUnavailable, type MeridianClient } from "./meridian-client";
import type { AgentMetrics } from "./metrics";

/** Where the per-cluster credential is kept between restarts (a Secret in a real cluster). */
export type CredentialStore = {
  load(): Promise<string | undefined>;
  save(credential: string): Promise<void>;
};

export type AgentOptions = {
  client: MeridianClient;
  inventory: InventorySource;
  writer: ResourceWriter;
  credentials: CredentialStore;
  info: Report["agent"];
  joinToken?: string;
  log: AgentLog;
  metrics?: AgentMetrics;
  /** Batch inventory changes for this long before sending a delta. */
  deltaDelayMs?: number;
  heartbeatMs?: number;
  longPollSeconds?: number;
  /**
   * Follow Meridian's desired-state stream (server-sent events; default) rather than
   * long-poll. Against a Meridian without the stream (404) the agent long-polls anyway.
   */
  stream?: boolean;
  /** Called when a desired generation arrived, before it is applied (benchmarks, tests). */
  onDesired?: (generation: number) => void;
  /** Called after a generation was applied and acknowledged (benchmarks, tests). */
  onApplied?: (generation: number) => void;
  /** How often ServiceExport conditions are read back and, when they changed, re-acknowledged. */
  conditionsRefreshMs?: number;
  /** How often the applied objects are compared with the live ones (drift); 0 = never. */
  driftCheckMs?: number;
  /** Called after a drift check whose findings were acknowledged (tests). */
  onDriftReported?: (drifted: number) => void;
};

/** Default interval of the ServiceExport condition read-back. */
const CONDITIONS_REFRESH_MS = 30_000;

/** Default interval of the drift check (MERIDIAN_DRIFT_CHECK_SECONDS). */
export const DRIFT_CHECK_MS = 60_000;

/** A stream Meridian ends sooner than this is reopened only after this long. */
const MIN_STREAM_MS = 1000;

export class Agent {
  private readonly abort = new AbortController();
  private sent: ClusterSnapshot | null = null;
  private changed = false;
  private wake: (() => void) | undefined;
  private loops: Promise<void>[] = [];
  /** The results last acknowledged, and whether a generation is being applied right now. */
  private lastResults: ResourceResult[] = [];
  private converging = false;
  /** The resources of the generation last applied, which the drift check compares. */
  private lastDesired: DesiredResource[] = [];
  /** Keys of objects the drift check found changed: the next apply forces them back. */
  private drifted = new Set<string>();
  /** The generation last applied and acknowledged; -1 = none yet (apply whatever is current). */
  observedGeneration = -1;
  /** The plane epoch of that generation: another one means the plane was restored or reset. */
  observedEpoch = "";
  connected = false;
  ready = false;

  constructor(private readonly o: AgentOptions) {}

  /** Register if needed, start the informers, then run the report and desired-state loops. */
  async start(): Promise<void> {
    await this.ensureCredential();
    this.o.inventory.onChange(() => {
      this.changed = true;
      this.wake?.();
    });
    await this.o.inventory.start();
    this.ready = true;
    this.loops = [this.reportLoop(), this.desiredLoop(), this.conditionsLoop(), this.driftLoop()];
  }

  /** Stop both loops and the informers; the cluster keeps everything applied. */
  async stop(): Promise<void> {
    this.abort.abort();
    this.wake?.();
    await Promise.allSettled(this.loops);
    await this.o.inventory.stop();
  }

  private get signal(): AbortSignal {
    return this.abort.signal;
  }

  private async ensureCredential(): Promise<void> {
    const stored = await this.o.credentials.load();
    if (stored) return this.o.client.setCredential(stored);
    if (!this.o.joinToken)
      throw new Error(
        "No credential stored and no join token given: ask an admin for a join token",
      );
    // The agent makes its credential and sends only the hash: a registration whose answer is
    // lost (timeout under load) can be retried with the same token and succeeds.
    const { credential, hash } = newAgentCredential();
    for (let attempt = 0; ; attempt++) {
      try {
        const reg = await this.o.client.register(this.o.joinToken, this.o.info, hash);
        await this.o.credentials.save(credential);
        this.o.client.setCredential(credential);
        this.o.log.info("registered with Meridian", { cluster: reg.cluster, state: reg.state });
        return;
      } catch (error) {
        if (error instanceof MeridianRefused) throw error;
        this.o.log.warn("registration failed; retrying", { error: (error as Error).message });
        await sleep(retryDelayMs(error, attempt), this.signal);
        if (this.signal.aborted) throw new Error("stopped");
      }
    }
  }

  /** Send a full snapshot next, at once. */
  private resync(): void {
    this.sent = null;
    this.changed = true;
    this.wake?.();
  }

  private setConnected(connected: boolean): void {
    this.connected = connected;
    this.o.metrics?.connected.set(connected ? 1 : 0);
  }

  /** Send what changed since the last report; a full snapshot after (re)connecting. */
  private async sendInventory(): Promise<void> {
    const current = this.o.inventory.current();
    this.changed = false;
    if (!this.sent) {
      await this.o.client.report({ kind: "snapshot", agent: this.o.info, snapshot: current });
    } else {
      const delta = diffSnapshots(this.sent, current);
      if (isEmptyDelta(delta)) return;
      await this.o.client.report({ kind: "delta", agent: this.o.info, ...delta });
    }
    this.sent = current;
    this.o.metrics?.lastReport.set(Date.now() / 1000);
  }

  /** Resolve on the next inventory change, after `ms`, or on stop. */
  private waitForChange(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }

  private async reportLoop(): Promise<void> {
    const delay = this.o.deltaDelayMs ?? 200;
    const heartbeat = this.o.heartbeatMs ?? 30_000;
    let failures = 0;
    let lastSent = 0;
    while (!this.signal.aborted) {
      try {
        if (this.sent && !this.changed) {
          const due = heartbeat - (Date.now() - lastSent);
          if (due > 0) {
            await this.waitForChange(due);
            if (this.changed) await sleep(delay, this.signal); // batch a burst into one delta
            continue;
          }
          await this.o.client.report({ kind: "heartbeat", agent: this.o.info });
        } else {
          await this.sendInventory();
        }
        lastSent = Date.now();
        failures = 0;
        this.setConnected(true);
      } catch (error) {
        if (this.fatal(error)) return;
        // Level-triggered: after any failure, start again from a full snapshot — unless
        // Meridian said it stored nothing (saturated): then the same delta still applies.
        if (error instanceof MeridianUnavailable && error.code === "saturated") this.changed = true;
        else this.sent = null;
        this.setConnected(false);
        this.o.log.warn("report failed; retrying", { error: (error as Error).message });
        await sleep(retryDelayMs(error, failures++), this.signal);
      }
    }
  }

  private async desiredLoop(): Promise<void> {
    let failures = 0;
    let streaming = this.o.stream ?? true;
    const reached = () => {
      // Back after an outage (Meridian restarted, or another replica answers): resend the
      // full inventory, since what Meridian holds may be older than what the cluster has.
      if (failures > 0) this.resync();
      failures = 0;
      this.setConnected(true);
    };
    while (!this.signal.aborted) {
      try {
        if (streaming) {
          const openedAt = Date.now();
          const stream = this.o.client.desiredStream(this.position(), this.signal, reached);
          for await (const desired of stream) await this.converge(desired);
          // Meridian ended the stream (it lasts minutes, or a replica is shutting down): open
          // the next at once — but never in a tight loop against one that ends them at once.
          // With several URLs, the next goes to the first again (back after a failover).
          this.o.client.returnToFirst();
          if (Date.now() - openedAt < MIN_STREAM_MS) await sleep(MIN_STREAM_MS, this.signal);
          continue;
        }
        // After a failure, ask without waiting: the answer proves Meridian is back, and the
        // inventory resync must not sit behind a long-poll that may last a minute.
        const desired = await this.o.client.desired(
          this.position(),
          failures > 0 ? 0 : (this.o.longPollSeconds ?? 30),
          this.signal,
        );
        reached();
        if (desired) await this.converge(desired);
      } catch (error) {
        if (this.signal.aborted || this.fatal(error)) return;
        if (streaming && error instanceof MeridianRefused && error.status === 404) {
          streaming = false;
          this.o.log.info("Meridian serves no desired-state stream; long-polling instead");
          continue;
        }
        this.setConnected(false);
        this.o.log.warn("desired-state poll failed; keeping the cluster as it is and retrying", {
          error: (error as Error).message,
        });
        await sleep(retryDelayMs(error, failures++), this.signal);
      }
    }
  }

  /**
   * MCS controllers set a ServiceExport's conditions (Accepted, Conflicted, ...) after the apply:
   * read them back now and then, and acknowledge the same generation again when they changed, so
   * Meridian shows them and alerts on a conflict. Never while a generation is being applied.
   */
  private async conditionsLoop(): Promise<void> {
    const every = this.o.conditionsRefreshMs ?? CONDITIONS_REFRESH_MS;
    while (!this.signal.aborted) {
      await sleep(every, this.signal);
      const refresh = this.o.writer.refreshConditions?.bind(this.o.writer);
      if (this.signal.aborted || !refresh || this.converging) continue;
      if (!this.lastResults.some((r) => r.kind === "ServiceExport")) continue;
      const generation = this.observedGeneration;
      try {
        const fresh = await refresh(this.lastResults);
        if (this.converging || generation !== this.observedGeneration) continue;
        if (canonicalJson(fresh) === canonicalJson(this.lastResults)) continue;
        await this.o.client.status({ generation, results: fresh });
        this.lastResults = fresh;
      } catch (error) {
        this.o.log.warn("ServiceExport conditions could not be re-acknowledged", {
          error: (error as Error).message,
        });
      }
    }
  }

  /**
   * What this agent has, for Meridian to compare: a plane restored from a backup answers with its
   * own state even when its generation is behind this one (another epoch, or simply another
   * generation), and the agent converges to it — prunes included.
   */
  private position(): { generation: number; epoch: string } {
    return { generation: this.observedGeneration, epoch: this.observedEpoch };
  }

  /**
   * Drift is reported, not repaired behind the operator's back: every `driftCheckMs` the objects
   * of the last generation are compared with the live ones and, when what was found changed,
   * the same generation is acknowledged again with those objects `drifted` (the cluster page
   * shows them, a fleet alert names them). The next apply — a new generation, or the current one
   * again after the agent restarts — forces them back to Meridian's values.
   */
  private async driftLoop(): Promise<void> {
    const every = this.o.driftCheckMs ?? DRIFT_CHECK_MS;
    const check = this.o.writer.checkDrift?.bind(this.o.writer);
    if (every <= 0 || !check) return;
    while (!this.signal.aborted) {
      await sleep(every, this.signal);
      if (this.signal.aborted || this.converging || this.observedGeneration < 0) continue;
      const generation = this.observedGeneration;
      try {
        const drift = await check(this.lastDesired);
        if (this.converging || generation !== this.observedGeneration) continue;
        this.drifted = new Set(drift.map((d) => d.key));
        const results = withDrift(this.lastResults, drift);
        if (canonicalJson(results) === canonicalJson(this.lastResults)) continue;
        await this.o.client.status({ generation, results });
        this.lastResults = results;
        if (drift.length)
          this.o.log.warn("objects Meridian applied were changed by someone else", {
            generation,
            drifted: drift.slice(0, 5).map((d) => `${d.key}: ${d.message}`),
          });
        this.o.onDriftReported?.(drift.length);
      } catch (error) {
        this.o.log.warn("drift check failed", { error: (error as Error).message });
      }
    }
  }

  /** Apply one desired generation, prune what it no longer holds, and acknowledge it. */
  private async converge(desired: DesiredResponse): Promise<void> {
    this.converging = true;
    try {
      await this.convergeOnce(desired);
    } finally {
      this.converging = false;
    }
  }

  private async convergeOnce(desired: DesiredResponse): Promise<void> {
    this.o.onDesired?.(desired.generation);
    const results = await this.o.writer.apply(desired.resources, { repair: this.drifted });
    const errors = results.filter((r) => !APPLY_SUCCEEDED.has(r.result));
    if (errors.length) {
      this.o.metrics?.applyErrors.inc(errors.length);
      this.o.log.warn("some resources were not applied", {
        generation: desired.generation,
        errors: errors
          .slice(0, 5)
          .map((e) => `${e.kind} ${e.namespace}/${e.name}: ${e.result} ${e.message}`),
      });
    }
    await this.o.client.status({ generation: desired.generation, results });
    this.lastResults = results;
    this.lastDesired = desired.resources;
    this.drifted = new Set();
    this.observedGeneration = desired.generation;
    this.observedEpoch = desired.epoch;
    this.o.onApplied?.(desired.generation);
    this.o.metrics?.observedGeneration.set(desired.generation);
    this.o.metrics?.lastSync.set(Date.now() / 1000);
  }

  /** A revoked credential cannot recover by retrying: stop and say so. */
  private fatal(error: unknown): boolean {
    if (error instanceof MeridianRefused && error.status === 401) {
      this.o.log.error(
        "Meridian refused this agent's credential (revoked?); re-register with a new join token",
        {
          code: error.code,
        },
      );
      this.setConnected(false);
      this.abort.abort();
      return true;
    }
    return false;
  }
}
