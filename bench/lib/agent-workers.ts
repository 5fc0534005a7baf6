// The benchmark's side of its agent worker processes (bench/lib/agent-worker.ts): fork them,
// hand each a contiguous slice of the fleet, and gather acknowledgements, answer counts and
// floor rounds over IPC.
import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";

export type ToWorker =
  | {
      type: "start";
      urls: string[];
      services: number;
      longPoll: boolean;
      clusters: { index: number; name: string; token: string }[];
    }
  | { type: "counts"; reset: boolean }
  | { type: "urls" }
  | { type: "floor"; id: number; urls: string[] }
  | { type: "stop" };

export type FromWorker =
  | { type: "ready" | "started" | "stopped" }
  | { type: "applied"; acks: [cluster: string, generation: number, atNs: string][] }
  | { type: "counts"; counts: Record<string, Record<string, number>> }
  | { type: "urls"; byCluster: Record<string, string> }
  | { type: "floorDone"; id: number; startNs: string; endNs: string }
  | { type: "failed"; error: string };

type Worker = { child: ChildProcess; clusters: number[] };

/** Add counts of the same shape together. */
export function addCounts(
  into: Record<string, Record<string, number>>,
  more: Record<string, Record<string, number>>,
): Record<string, Record<string, number>> {
  for (const [what, byStatus] of Object.entries(more))
    for (const [status, n] of Object.entries(byStatus)) {
      const to = (into[what] ??= {});
      to[status] = (to[status] ?? 0) + n;
    }
  return into;
}

export class AgentWorkers {
  private readonly workers: Worker[] = [];
  private waiting = new Map<string, { left: number; got: FromWorker[]; done: () => void }>();
  private floorId = 0;

  /**
   * @param onApplied an agent applied `generation` and its acknowledgement was answered, at
   *   `atNs` on the monotonic clock (`process.hrtime.bigint()` in any process of this machine).
   */
  constructor(
    private readonly onApplied: (cluster: string, generation: number, atNs: bigint) => void,
  ) {}

  /** Fork one process per `perProcess` clusters and start their agents (the cold storm). */
  async start(o: {
    urls: string[];
    services: number;
    longPoll: boolean;
    clusters: { name: string; token: string }[];
    perProcess: number;
  }): Promise<void> {
    for (let from = 0; from < o.clusters.length; from += o.perProcess) {
      const indexes = o.clusters.slice(from, from + o.perProcess).map((_, i) => from + i);
      const child = fork(path.join(import.meta.dirname, "agent-worker.ts"), [], {
        stdio: ["ignore", "ignore", "inherit", "ipc"],
        // The agents' code needs no react-server condition; tsx loads the TypeScript.
        // BENCH_AGENT_PROFILE_DIR=dir: each worker writes a V8 CPU profile there when it stops.
        execArgv: [
          "--import",
          "tsx",
          "--max-old-space-size=2048",
          ...(process.env.BENCH_AGENT_PROFILE_DIR
            ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_AGENT_PROFILE_DIR}`]
            : []),
        ],
      });
      const worker = { child, clusters: indexes };
      child.on("message", (msg: FromWorker) => this.received(msg));
      child.on("exit", (code) => {
        if (code && code !== 0) console.error(`bench: agent worker exited with ${code}`);
      });
      this.workers.push(worker);
    }
    await this.all("ready", () => undefined);
    await this.all("started", (w) =>
      this.send(w, {
        type: "start",
        urls: o.urls,
        services: o.services,
        longPoll: o.longPoll,
        clusters: w.clusters.map((index) => ({ index, ...o.clusters[index]! })),
      }),
    );
  }

  get processes(): number {
    return this.workers.length;
  }

  /** Every worker's answer counts by request and status, summed (reset: start again from 0). */
  async counts(reset = false): Promise<Record<string, Record<string, number>>> {
    const got = await this.all("counts", (w) => this.send(w, { type: "counts", reset }));
    return got.reduce(
      (sum, m) => (m.type === "counts" ? addCounts(sum, m.counts) : sum),
      {} as Record<string, Record<string, number>>,
    );
  }

  /** The URL each agent talks to now (its first, unless it failed over). */
  async agentUrls(): Promise<Map<string, string>> {
    const got = await this.all("urls", (w) => this.send(w, { type: "urls" }));
    return new Map(got.flatMap((m) => (m.type === "urls" ? Object.entries(m.byCluster) : [])));
  }

  /**
   * One floor round: the workers holding `clusters` each ask `urlOf(cluster)` once for every
   * one of them, all at once, with the agents' own HTTP client. Answers the round's time: from
   * the first worker's start to the last one's end, in ms.
   */
  async floorRound(clusters: number[], urlOf: (cluster: number) => string): Promise<number> {
    const id = ++this.floorId;
    const asked = new Set(clusters);
    const mine = this.workers.filter((w) => w.clusters.some((c) => asked.has(c)));
    const got = await this.all(
      "floorDone",
      (w) =>
        this.send(w, {
          type: "floor",
          id,
          urls: w.clusters.filter((c) => asked.has(c)).map(urlOf),
        }),
      mine,
    );
    const starts = got.map((m) => (m.type === "floorDone" ? BigInt(m.startNs) : 0n));
    const ends = got.map((m) => (m.type === "floorDone" ? BigInt(m.endNs) : 0n));
    const min = starts.reduce((a, b) => (b < a ? b : a));
    const max = ends.reduce((a, b) => (b > a ? b : a));
    return Number(max - min) / 1e6;
  }

  async stop(): Promise<void> {
    await this.all("stopped", (w) => this.send(w, { type: "stop" }));
  }

  private send(w: Worker, msg: ToWorker): void {
    w.child.send(msg);
  }

  /** Send to each of `workers` and wait for one `type` answer from each. */
  private all(
    type: FromWorker["type"],
    ask: (w: Worker) => void,
    workers = this.workers,
  ): Promise<FromWorker[]> {
    if (this.waiting.has(type)) throw new Error(`already waiting for ${type}`);
    return new Promise((resolve) => {
      const entry = {
        left: workers.length,
        got: [] as FromWorker[],
        done: () => {
          this.waiting.delete(type);
          resolve(entry.got);
        },
      };
      this.waiting.set(type, entry);
      for (const w of workers) ask(w);
      if (!workers.length) entry.done();
    });
  }

  private received(msg: FromWorker): void {
    if (msg.type === "failed") {
      console.error(`bench: an agent worker failed:\n${msg.error}`);
      process.exit(1);
    }
    if (msg.type === "applied") {
      for (const [cluster, generation, at] of msg.acks)
        this.onApplied(cluster, generation, BigInt(at));
      return;
    }
    const entry = this.waiting.get(msg.type);
    if (!entry) return;
    entry.got.push(msg);
    if (--entry.left === 0) entry.done();
  }
}
