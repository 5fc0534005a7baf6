// Serves Meridian's agent API on a loopback port with the production agent listener
// (app/api/agent/v1/agent-listener.ts: the real route handlers, auth and database), so an agent
// running as its own OS process reaches it over real HTTP, event stream included.
import type { AddressInfo } from "node:net";
import { startAgentListener } from "@/app/api/agent/v1/agent-listener";

export type AgentApiServer = { url: string; close: () => Promise<void> };

/** Start the agent API on 127.0.0.1 at a free port. */
export async function startAgentApiServer(): Promise<AgentApiServer> {
  const server = await startAgentListener(0, "127.0.0.1");
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
