/**
 * Meridian's own chart route (app/charts/[file]/route.ts, the real handler) behind a loopback
 * listener, so the real helm fetches the agent chart over HTTP as an operator's helm would.
 */
import { createServer, type Server } from "node:http";
import { NextRequest } from "next/server";

import { GET } from "@/app/charts/[file]/route";

export type ChartServer = { origin: string; close: () => Promise<void> };

export async function serveCharts(): Promise<ChartServer> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const file = /^\/charts\/([^/]+)$/.exec(url.pathname)?.[1];
    if (!file) return void res.writeHead(404).end();
    GET(new NextRequest(url), { params: Promise.resolve({ file: decodeURIComponent(file) }) })
      .then(async (answer) => {
        res.writeHead(answer.status, Object.fromEntries(answer.headers));
        res.end(Buffer.from(await answer.arrayBuffer()));
      })
      .catch((error: unknown) => res.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("chart server has no port");
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
