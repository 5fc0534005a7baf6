// The CLI's API client: the server from --server or MERIDIAN_SERVER (MERIDIAN_URL also read),
// an API token from MERIDIAN_TOKEN, and every answer parsed with the API's own schema
// (lib/model). Failures are CliErrors with the exit code kubectl and argocd use: 1 for a failed
// call, 2 for a usage error.
import type { z } from "zod";

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
  }
}

/** What the CLI runs against: the environment, a fetch and where output goes. */
export type CliIo = {
  env: Record<string, string | undefined>;
  fetch: typeof fetch;
  out: (text: string) => void;
  err: (text: string) => void;
};

export type ApiClient = {
  call<S extends z.ZodType>(
    schema: S,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<z.output<S>>;
  /** A call answered with 204 (no body). */
  send(method: string, path: string): Promise<void>;
};

/** `segments` joined into an API path, each one encoded. */
export const apiPath = (...segments: (string | number)[]) =>
  segments.map((s, i) => (i === 0 ? String(s) : encodeURIComponent(String(s)))).join("/");

export function apiClient(io: CliIo, server: string | undefined): ApiClient {
  const base = server ?? io.env.MERIDIAN_SERVER ?? io.env.MERIDIAN_URL;
  const token = io.env.MERIDIAN_TOKEN;

  async function request(method: string, path: string, body?: unknown): Promise<Response> {
    if (!base) throw new CliError("no server: pass --server or set MERIDIAN_SERVER", 2);
    if (!token) throw new CliError("no API token: set MERIDIAN_TOKEN (mrd_pat_…)", 2);
    let url: URL;
    try {
      url = new URL(path, base);
    } catch {
      throw new CliError(`--server ${base} is not a URL`, 2);
    }
    const res = await io
      .fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      .catch((e: Error) => {
        throw new CliError(`cannot reach ${url.origin}: ${e.message}`);
      });
    if (!res.ok) {
      const text = await res.text();
      let err: { code?: string; message?: string } | undefined;
      try {
        err = (JSON.parse(text) as { error?: typeof err }).error;
      } catch {
        err = undefined;
      }
      const retry = res.headers.get("retry-after");
      throw new CliError(
        `${res.status} ${err?.code ?? res.statusText}: ${err?.message ?? text}`.trim() +
          (retry ? ` (retry after ${retry} s)` : ""),
      );
    }
    return res;
  }

  return {
    async call(schema, method, path, body) {
      const res = await request(method, path, body);
      const text = await res.text();
      let data: unknown;
      try {
        data = text ? JSON.parse(text) : null;
      } catch {
        throw new CliError(`unexpected answer from ${path}: not JSON`);
      }
      const parsed = schema.safeParse(data);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new CliError(
          `unexpected answer from ${path}: ${issue?.path.join(".") ?? ""} ${issue?.message ?? ""}`,
        );
      }
      return parsed.data;
    },
    async send(method, path) {
      await request(method, path);
    },
  };
}
