// meridian-agent: runs in one cluster, connects out to Meridian, reports what it discovers
// and applies what Meridian wants there. Configuration: see agent/src/config.ts.
import { loadFleetFile } from "../../lib/agent-protocol/fleet-file";
import { Agent, type CredentialStore } from "./agent";
import type { InventorySource, ResourceWriter } from "./cluster-interfaces";
import { AGENT_VERSION, loadAgentConfig, type AgentConfig } from "./config";
import { fileCredentialStore } from "./credential-file";
import { startHealthServer } from "./health-server";
import { createLog, type AgentLog } from "./log";
import { createKubeCluster } from "./kube-cluster";
import { secretCredentialStore } from "./credential-secret";
import { MeridianClient } from "./meridian-client";
import { createAgentMetrics } from "./metrics";
import { SimulatedCluster } from "./simulated/simulated-cluster";
import { StaticSite } from "./static/static-site";

type ClusterParts = {
  inventory: InventorySource;
  writer: ResourceWriter;
  credentials: CredentialStore;
};

function clusterFor(config: AgentConfig, log: AgentLog): ClusterParts {
  if (config.MERIDIAN_AGENT_MODE === "static") {
    // A site: the site file instead of informers, and no Kubernetes client at all.
    const site = new StaticSite(config.MERIDIAN_SITE_FILE!, log);
    return {
      inventory: site,
      writer: site,
      credentials: fileCredentialStore(config.MERIDIAN_CREDENTIAL_FILE),
    };
  }
  if (config.MERIDIAN_AGENT_MODE === "simulated") {
    const fleet = loadFleetFile(config.MERIDIAN_FLEET_FILE);
    const spec = fleet.clusters.find((c) => c.name === config.MERIDIAN_CLUSTER);
    if (!spec)
      throw new Error(
        `Cluster ${config.MERIDIAN_CLUSTER ?? "(MERIDIAN_CLUSTER unset)"} is not in the fleet file`,
      );
    const sim = new SimulatedCluster(spec);
    return {
      inventory: sim,
      writer: sim,
      credentials: fileCredentialStore(config.MERIDIAN_CREDENTIAL_FILE),
    };
  }
  const { kc, inventory, writer } = createKubeCluster(
    config.KUBECONFIG,
    log,
    config.MERIDIAN_MESHES,
  );
  const credentials = config.MERIDIAN_CREDENTIAL_SECRET
    ? secretCredentialStore(kc, config.POD_NAMESPACE, config.MERIDIAN_CREDENTIAL_SECRET)
    : fileCredentialStore(config.MERIDIAN_CREDENTIAL_FILE);
  return { inventory, writer, credentials };
}

async function main(): Promise<void> {
  const config = loadAgentConfig();
  const log = createLog({ component: "meridian-agent", cluster: config.MERIDIAN_CLUSTER ?? "" });
  const metrics = createAgentMetrics();
  const { inventory, writer, credentials } = clusterFor(config, log);
  const agent = new Agent({
    client: new MeridianClient(config.MERIDIAN_URL, {
      onFailover: (from, to) => log.warn("switching Meridian URL", { from, to }),
    }),
    inventory,
    writer,
    credentials,
    joinToken: config.MERIDIAN_JOIN_TOKEN,
    info: {
      version: AGENT_VERSION,
      hostname: config.HOSTNAME,
      simulated: config.MERIDIAN_AGENT_MODE === "simulated",
    },
    log,
    metrics,
    driftCheckMs: config.MERIDIAN_DRIFT_CHECK_SECONDS * 1000,
  });
  const server = await startHealthServer({
    port: config.MERIDIAN_AGENT_PORT,
    ready: () => agent.ready && agent.connected,
    registry: metrics.registry,
  });
  const shutdown = async () => {
    log.info("shutting down; everything applied stays applied");
    await agent.stop();
    server.close();
    process.exit(0);
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
  await agent.start();
  log.info("agent started", { mode: config.MERIDIAN_AGENT_MODE, version: AGENT_VERSION });
}

main().catch((error: unknown) => {
  createLog({ component: "meridian-agent" }).error("agent failed to start", {
    error: (error as Error).message,
  });
  process.exit(1);
});
