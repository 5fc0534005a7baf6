// Run one static-mode agent in this process (the demo's VM site): a full Agent speaking the real
// protocol, its inventory read from a site file that it watches.
import { Agent } from "../agent";
import { AGENT_VERSION } from "../config";
import { memoryCredentialStore } from "../credential-file";
import { SILENT_LOG, type AgentLog } from "../log";
import { MeridianClient } from "../meridian-client";
import { StaticSite } from "./static-site";

/** Start a static-mode agent for `file`; resolves once it has registered and read the file. */
export async function startStaticSite(opts: {
  url: string;
  joinToken: string;
  file: string;
  name: string;
  log?: AgentLog;
}): Promise<{ agent: Agent; site: StaticSite; stop: () => Promise<void> }> {
  const log = opts.log ?? SILENT_LOG;
  const site = new StaticSite(opts.file, log);
  const agent = new Agent({
    client: new MeridianClient([opts.url]),
    inventory: site,
    writer: site,
    credentials: memoryCredentialStore(),
    joinToken: opts.joinToken,
    info: { version: AGENT_VERSION, hostname: `static-${opts.name}`, simulated: true },
    log,
  });
  await agent.start();
  return { agent, site, stop: () => agent.stop() };
}
