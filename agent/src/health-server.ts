import { createServer, type Server } from "node:http";
import type { Registry } from "prom-client";

/** /healthz (process alive), /readyz (informers synced and Meridian reachable), /metrics. */
export function startHealthServer(opts: {
  port: number;
  host?: string;
  ready: () => boolean;
  registry: Registry;
}): Promise<Server> {
  const server = createServer(async (req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path === "/healthz")
      return void res.writeHead(200, { "content-type": "text/plain" }).end("ok\n");
    if (path === "/readyz") {
      const ok = opts.ready();
      return void res
        .writeHead(ok ? 200 : 503, { "content-type": "text/plain" })
        .end(ok ? "ready\n" : "not ready\n");
    }
    if (path === "/metrics") {
      const body = await opts.registry.metrics();
      return void res.writeHead(200, { "content-type": opts.registry.contentType }).end(body);
    }
    res.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
  });
  return new Promise((resolve) =>
    server.listen(opts.port, opts.host ?? "0.0.0.0", () => resolve(server)),
  );
}
