// The agent's HTTP client: node:http(s) with one keep-alive pool per protocol. Undici's fetch
// cost 33–42 ms of client CPU per 100 concurrent small requests on the benchmark machine, this
// 8–13 ms — and the agents' client shares the cores with their apply work.
import http from "node:http";
import https from "node:https";

export type AgentRequest = {
  method?: string;
  headers: Headers;
  body?: string;
  signal: AbortSignal;
  /** Hand a 200 answer's body over as it arrives (an event stream) instead of reading it all. */
  stream?: boolean;
};
/** What the client reads of an answer; a fetch `Response` has the same shape. */
export type AgentAnswer = {
  status: number;
  /** The answer's headers (the client reads Retry-After); a fetch `Response` has them too. */
  headers?: { get(name: string): string | null };
  json(): Promise<unknown>;
  /** With `stream`: the body as it arrives, until the server ends it or the signal aborts. */
  body?: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array> | null;
};
export type AgentFetch = (url: URL, init: AgentRequest) => Promise<AgentAnswer>;

const pools = {
  "http:": { lib: http, agent: new http.Agent({ keepAlive: true }) },
  "https:": { lib: https, agent: new https.Agent({ keepAlive: true }) },
} as const;

function once(url: URL, init: AgentRequest): Promise<AgentAnswer & { retry?: true }> {
  const pool = pools[url.protocol as keyof typeof pools];
  if (!pool) return Promise.reject(new Error(`unsupported protocol ${url.protocol}`));
  if (init.signal.aborted) return Promise.reject(init.signal.reason);
  return new Promise((resolve, reject) => {
    const headers = Object.fromEntries(init.headers);
    if (init.body !== undefined) headers["content-length"] = String(Buffer.byteLength(init.body));
    const req = pool.lib.request(
      url,
      { method: init.method ?? "GET", headers, agent: pool.agent },
      (res) => {
        if (init.stream && res.statusCode === 200) {
          // The abort listener stays until the stream ends: aborting is how it is closed.
          res.on("close", done);
          // Errors reach the reader through the stream's iterator; none may go unheard before.
          res.on("error", () => undefined);
          resolve({ status: 200, json: () => Promise.reject(new Error("a stream")), body: res });
          return;
        }
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", fail);
        res.on("end", () => {
          done();
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({
            status: res.statusCode ?? 0,
            headers: { get: (name) => headerOf(res.headers[name.toLowerCase()]) },
            json: async () => JSON.parse(text),
          });
        });
      },
    );
    const onAbort = () => req.destroy(new Error(`request aborted: ${String(init.signal.reason)}`));
    const done = () => init.signal.removeEventListener("abort", onAbort);
    function fail(error: NodeJS.ErrnoException) {
      done();
      // A pooled socket the server closed while idle: nothing was read, send it again once
      // (the pattern node's http documentation gives for keep-alive races).
      if (req.reusedSocket && error.code === "ECONNRESET")
        resolve({ status: 0, json: async () => null, retry: true });
      else reject(error);
    }
    init.signal.addEventListener("abort", onAbort, { once: true });
    req.on("error", fail);
    req.end(init.body);
  });
}

const headerOf = (value: string | string[] | undefined): string | null =>
  value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;

/** One request to Meridian over a pooled keep-alive connection. */
export const keepAliveFetch: AgentFetch = async (url, init) => {
  const first = await once(url, init);
  if (!first.retry) return first;
  const second = await once(url, init);
  if (second.retry) throw new Error("connection reset by Meridian twice");
  return second;
};
