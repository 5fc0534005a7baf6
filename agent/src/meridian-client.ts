// The agent's only way out of the cluster: HTTP(S) calls to Meridian's agent API.
import {
  AGENT_API,
  DESIRED_EVENT,
  desiredResponseSchema,
  STREAM_KEEP_ALIVE_SECONDS,
  registerResponseSchema,
  type AgentDesiredPosition,
  type DesiredResponse,
  type RegisterResponse,
  type Report,
  type StatusReport,
} from "../../lib/agent-protocol/messages";
import { SseDecoder } from "../../lib/agent-protocol/sse";
import { keepAliveFetch, type AgentAnswer, type AgentFetch } from "./http-transport";

/** Silence on the desired-state stream longer than this means the connection is dead. */
const STREAM_IDLE_MS = STREAM_KEEP_ALIVE_SECONDS * 2.5 * 1000;
/** Most of one event the agent holds while it arrives (a cluster's whole desired set). */
const MAX_EVENT_CHARS = 256 * 1024 * 1024;

/** A body as it arrives, whether a node stream or a web stream (the in-process test double). */
async function* chunksOf(body: AgentAnswer["body"]): AsyncGenerator<Uint8Array, void, undefined> {
  if (!body) return;
  if (!("getReader" in body)) return yield* body;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** A refusal from Meridian (4xx): retrying the same request will not help. */
export class MeridianRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "MeridianRefused";
  }
}

/**
 * Meridian could not be reached, answered 5xx, or asked to slow down (429): retry later,
 * change nothing. `retryAfterMs` is the delay the answer's Retry-After asked for; `code` the
 * error code of its body (`saturated`: refused before anything was stored).
 */
export class MeridianUnavailable extends Error {
  override name = "MeridianUnavailable";
  constructor(
    message: string,
    readonly retryAfterMs?: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Retry-After as delta-seconds or an HTTP date, in ms from `now`; undefined when absent or bad. */
export function retryAfterMs(
  value: string | null | undefined,
  now = Date.now(),
): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed), 3600) * 1000;
  // An HTTP date names its day and month; `Date.parse` alone would read "-1" as a year.
  const at = /^[A-Za-z]{3}, /.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.min(Math.max(0, at - now), 3_600_000);
}

type ErrorBody = { error?: { code?: string; message?: string } };

type RequestOptions = {
  method?: string;
  body?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  stream?: boolean;
};

export type MeridianClientOptions = {
  credential?: string;
  fetch?: AgentFetch;
  /** Called when the client moves to another of its URLs (the one it left could not serve). */
  onFailover?: (from: string, to: string) => void;
};

/**
 * Meridian's agent API, at one URL or at several (replicas, or fronts, serving one database).
 * With several, every request goes to the current URL; a request that finds it unavailable
 * (unreachable, 5xx, a broken stream) moves the client on to the next, so the agent's retry
 * reaches another replica. {@link returnToFirst} goes back to the first when nothing is wrong.
 */
/** The query naming what the agent has: `after=N`, and `epoch=E` once it knows one. */
function position(after: number | AgentDesiredPosition): string {
  const has = typeof after === "number" ? { generation: after } : after;
  const query = new URLSearchParams({ after: String(has.generation) });
  if (has.epoch) query.set("epoch", has.epoch);
  return query.toString();
}

export class MeridianClient {
  private credential: string | undefined;
  private readonly baseUrls: readonly string[];
  private current = 0;
  private readonly fetchImpl: AgentFetch;
  private readonly onFailover: MeridianClientOptions["onFailover"];

  constructor(baseUrl: string | readonly string[], opts: MeridianClientOptions = {}) {
    this.baseUrls = typeof baseUrl === "string" ? [baseUrl] : [...baseUrl];
    if (this.baseUrls.length === 0) throw new Error("MeridianClient needs at least one URL");
    this.credential = opts.credential;
    this.fetchImpl = opts.fetch ?? keepAliveFetch;
    this.onFailover = opts.onFailover;
  }

  /** The URL requests go to now. */
  get url(): string {
    return this.baseUrls[this.current]!;
  }

  /**
   * The URL at `index` failed: move on to the next — unless another request already did
   * (the report and desired-state loops fail together when a replica dies: one move, not two).
   */
  private failedAt(index: number): void {
    if (this.baseUrls.length < 2 || index !== this.current) return;
    this.current = (index + 1) % this.baseUrls.length;
    this.onFailover?.(this.baseUrls[index]!, this.url);
  }

  /**
   * Go back to the first URL (the agent calls it when a stream ended cleanly, a moment nothing
   * is in flight): after a failover, the first replica gets its agents back once it serves again.
   */
  returnToFirst(): void {
    if (this.current === 0) return;
    const from = this.url;
    this.current = 0;
    this.onFailover?.(from, this.url);
  }

  /** Use this credential from now on. */
  setCredential(credential: string): void {
    this.credential = credential;
  }

  private async request(path: string, init: RequestOptions = {}): Promise<AgentAnswer> {
    const index = this.current;
    try {
      return await this.requestAt(index, path, init);
    } catch (error) {
      if (error instanceof MeridianUnavailable) this.failedAt(index);
      throw error;
    }
  }

  private async requestAt(index: number, path: string, init: RequestOptions): Promise<AgentAnswer> {
    const headers = new Headers();
    if (this.credential) headers.set("authorization", `Bearer ${this.credential}`);
    if (init.body) headers.set("content-type", "application/json");
    let res: AgentAnswer;
    try {
      res = await this.fetchImpl(new URL(path, this.baseUrls[index]), {
        method: init.method,
        body: init.body,
        headers,
        signal: init.signal ?? AbortSignal.timeout(init.timeoutMs ?? 15_000),
        stream: init.stream,
      });
    } catch (error) {
      throw new MeridianUnavailable(`Meridian unreachable: ${(error as Error).message}`);
    }
    // Redirects are not followed: the agent talks only to the URLs it was installed with.
    if (res.status >= 300 && res.status < 400)
      throw new MeridianUnavailable(`Meridian answered a redirect (${res.status})`);
    if (res.status >= 500 || res.status === 429) {
      const body = (await res.json().catch(() => ({}))) as ErrorBody;
      throw new MeridianUnavailable(
        `Meridian answered ${res.status}${body.error?.message ? `: ${body.error.message}` : ""}`,
        retryAfterMs(res.headers?.get("retry-after")),
        body.error?.code,
      );
    }
    if (res.status >= 400) {
      const body = (await res.json().catch(() => ({}))) as ErrorBody;
      throw new MeridianRefused(
        res.status,
        body.error?.code ?? "refused",
        body.error?.message ?? `HTTP ${res.status}`,
      );
    }
    return res;
  }

  /** Trade a join token for this cluster's credential (the agent's own, by its hash). */
  async register(
    joinToken: string,
    agent: Report["agent"],
    credentialHash: string,
  ): Promise<RegisterResponse> {
    const res = await this.request(AGENT_API.register, {
      method: "POST",
      body: JSON.stringify({ joinToken, agent, credentialHash }),
      timeoutMs: 60_000,
    });
    return registerResponseSchema.parse(await res.json());
  }

  /** Send a snapshot, delta or heartbeat. */
  async report(report: Report): Promise<void> {
    await this.request(AGENT_API.report, {
      method: "POST",
      body: JSON.stringify(report),
      timeoutMs: 60_000,
    });
  }

  /**
   * Long-poll for a desired state other than the one the agent has (`after`: its generation, or
   * its generation and the plane epoch it came from); null when none came in `waitSeconds`.
   */
  async desired(
    after: number | AgentDesiredPosition,
    waitSeconds: number,
    signal?: AbortSignal,
  ): Promise<DesiredResponse | null> {
    const timeout = AbortSignal.timeout((waitSeconds + 15) * 1000);
    const res = await this.request(`${AGENT_API.desired}?${position(after)}&wait=${waitSeconds}`, {
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (res.status === 204) return null;
    return desiredResponseSchema.parse(await res.json());
  }

  /**
   * Follow the desired-state stream: yields each desired state other than `after` as it is
   * published — only the newest of a burst that arrived together, since each is the whole set.
   * Ends when Meridian ends the stream (reconnect at once); throws {@link MeridianUnavailable}
   * when the connection breaks or stays silent past the keep-alive interval, and
   * {@link MeridianRefused} when refused (404: a Meridian without the stream — long-poll).
   * `onOpen` is called once Meridian has accepted the stream.
   */
  async *desiredStream(
    after: number | AgentDesiredPosition,
    signal: AbortSignal,
    onOpen?: () => void,
  ): AsyncGenerator<DesiredResponse, void, undefined> {
    const idle = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => idle.abort(new Error("the stream went silent")), STREAM_IDLE_MS);
    };
    arm();
    const index = this.current;
    try {
      const res = await this.request(`${AGENT_API.desiredStream}?${position(after)}`, {
        signal: AbortSignal.any([signal, idle.signal]),
        stream: true,
      });
      onOpen?.();
      const text = new TextDecoder();
      const sse = new SseDecoder();
      for await (const chunk of chunksOf(res.body)) {
        arm();
        const events = sse.push(text.decode(chunk, { stream: true }));
        if (sse.pending > MAX_EVENT_CHARS) throw new Error("an event larger than the agent holds");
        const latest = events.filter((e) => e.event === DESIRED_EVENT).at(-1);
        if (!latest) continue;
        const desired = desiredResponseSchema.parse(JSON.parse(latest.data));
        // Applying may take long: that is no silence of Meridian's.
        clearTimeout(timer);
        yield desired;
        arm();
      }
    } catch (error) {
      if (error instanceof MeridianRefused || error instanceof MeridianUnavailable) throw error;
      if (signal.aborted) return;
      // The replica died or went silent mid-stream: the next attempt goes to another.
      this.failedAt(index);
      throw new MeridianUnavailable(`desired-state stream broke: ${(error as Error).message}`);
    } finally {
      clearTimeout(timer);
      // Closes the connection when the caller stopped reading early.
      idle.abort(new Error("stream closed"));
    }
  }

  /** Report the applied generation and per-resource results. */
  async status(status: StatusReport): Promise<void> {
    await this.request(AGENT_API.status, {
      method: "POST",
      body: JSON.stringify(status),
      timeoutMs: 60_000,
    });
  }
}
