// Serves Meridian's real agent route handlers (real auth, real database) on a loopback port, so
// an agent running as its own OS process can reach them. The boundary replaced is only Next's
// router: requests go to the same handlers `next start` would call (see in-process-fetch.ts).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { inProcessFetch } from "./in-process-fetch";

export type AgentApiServer = { url: string; close: () => Promise<void> };

/** Start the agent API on 127.0.0.1 at a free port. */
export async function startAgentApiServer(): Promise<AgentApiServer> {
  const dispatch = inProcessFetch();
  const server: Server = createServer(async (req, res) => {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const abort = new AbortController();
      res.on("close", () => abort.abort());
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === "string") headers.set(k, v);
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      const answer = await dispatch(`http://127.0.0.1${req.url ?? "/"}`, {
        method: req.method,
        headers,
        body,
        signal: abort.signal,
      });
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(Buffer.from(await answer.arrayBuffer()));
    } catch (error) {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { code: "internal", message: (error as Error).message } }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
