// The agent's only way out of the cluster: HTTP(S) calls to Meridian's agent API.
import {
  AGENT_API,
  desiredResponseSchema,
  registerResponseSchema,
  type DesiredResponse,
  type RegisterResponse,
  type Report,
  type StatusReport,
} from "../../lib/agent-protocol/messages";
import { keepAliveFetch, type AgentAnswer, type AgentFetch } from "./http-transport";

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

/** Meridian could not be reached or answered 5xx: retry later, change nothing. */
export class MeridianUnavailable extends Error {
  override name = "MeridianUnavailable";
}

export class MeridianClient {
  private credential: string | undefined;

  constructor(
    private readonly baseUrl: string,
    opts: { credential?: string; fetch?: AgentFetch } = {},
  ) {
    this.credential = opts.credential;
    this.fetchImpl = opts.fetch ?? keepAliveFetch;
  }

  private readonly fetchImpl: AgentFetch;

  /** Use this credential from now on. */
  setCredential(credential: string): void {
    this.credential = credential;
  }

  private async request(
    path: string,
    init: { method?: string; body?: string; signal?: AbortSignal; timeoutMs?: number } = {},
  ): Promise<AgentAnswer> {
    const headers = new Headers();
    if (this.credential) headers.set("authorization", `Bearer ${this.credential}`);
    if (init.body) headers.set("content-type", "application/json");
    let res: AgentAnswer;
    try {
      res = await this.fetchImpl(new URL(path, this.baseUrl), {
        method: init.method,
        body: init.body,
        headers,
        signal: init.signal ?? AbortSignal.timeout(init.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new MeridianUnavailable(`Meridian unreachable: ${(error as Error).message}`);
    }
    // Redirects are not followed: the agent talks to the one URL it was installed with.
    if (res.status >= 300 && res.status < 400)
      throw new MeridianUnavailable(`Meridian answered a redirect (${res.status})`);
    if (res.status >= 500) throw new MeridianUnavailable(`Meridian answered ${res.status}`);
    if (res.status >= 400) {
      const body = (await res.json().catch(() => ({}))) as {
        error?: { code?: string; message?: string };
      };
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

  /** Long-poll for a desired generation newer than `after`; null when none came in `waitSeconds`. */
  async desired(
    after: number,
    waitSeconds: number,
    signal?: AbortSignal,
  ): Promise<DesiredResponse | null> {
    const timeout = AbortSignal.timeout((waitSeconds + 15) * 1000);
    const res = await this.request(`${AGENT_API.desired}?after=${after}&wait=${waitSeconds}`, {
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (res.status === 204) return null;
    return desiredResponseSchema.parse(await res.json());
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
