// A pass-through HTTP proxy in front of a real Prometheus that counts the requests it
// forwards, by path — how the tests prove "one query per source per refresh".
import { request } from "node:http";

import { startStubServer } from "./helpers";

/** A running proxy; `counts` maps a request path (no query string) to how many were seen. */
export interface CountingProxy {
  url: string;
  counts: Map<string, number>;
  total(path?: string): number;
  stop(): Promise<void>;
}

/** Starts a proxy on 127.0.0.1 forwarding everything to `target` (an http:// base URL). */
export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const counts = new Map<string, number>();
  const upstream = new URL(target);
  const server = await startStubServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const out = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    out.on("error", () => res.writeHead(502).end());
    req.pipe(out);
  });
  return {
    url: server.url,
    counts,
    total: (path) =>
      path ? (counts.get(path) ?? 0) : [...counts.values()].reduce((a, b) => a + b, 0),
    stop: server.stop,
  };
}
