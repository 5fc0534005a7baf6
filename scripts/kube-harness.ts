// Demo tooling: start the three Distributed Bookinfo clusters (real kube-apiserver +
// etcd each) with Bookinfo and the mesh markers loaded.
//   node --import tsx scripts/kube-harness.ts              start, print kubeconfigs, Ctrl-C stops
//   node --import tsx scripts/kube-harness.ts --no-fleet   empty clusters (CRDs only)
// From other tooling: `const fleet = await startDemoClusters(); ...; await fleet.stop();`
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

import {
  DEFAULT_CLUSTER_NAMES,
  kubeConfigFor,
  startKubeHarness,
  type KubeHarness,
} from "../tests/kube/harness";
import { loadFleet } from "../tests/kube/fixtures/fleet";

/** Options for {@link startDemoClusters}. */
export interface DemoClustersOptions {
  clusters?: readonly string[];
  /** Load Distributed Bookinfo and the mesh markers (default true). */
  fleet?: boolean;
  onLog?: (line: string) => void;
}

/**
 * Builds the harness if needed, starts one API server per cluster and loads the demo
 * fleet into them. Call `stop()` on the result to tear everything down.
 */
export async function startDemoClusters(options: DemoClustersOptions = {}): Promise<KubeHarness> {
  const harness = await startKubeHarness({
    clusters: options.clusters ?? DEFAULT_CLUSTER_NAMES,
    onLog: options.onLog,
  });
  try {
    if (options.fleet ?? true) {
      await loadFleet(harness.clusters.map((c) => ({ name: c.name, kc: kubeConfigFor(c) })));
    }
  } catch (err) {
    await harness.stop();
    throw err;
  }
  return harness;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { "no-fleet": { type: "boolean", default: false }, clusters: { type: "string" } },
  });
  const harness = await startDemoClusters({
    clusters: values.clusters?.split(","),
    fleet: !values["no-fleet"],
    onLog: (line) => console.error(line),
  });
  for (const c of harness.clusters)
    console.log(`${c.name}\t${c.server}\tKUBECONFIG=${c.kubeconfig}`);
  console.log(
    `kube-harness: ${harness.clusters.length} clusters ready in ${(harness.startMs / 1000).toFixed(1)} s; Ctrl-C stops`,
  );
  const stop = () => void harness.stop().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
