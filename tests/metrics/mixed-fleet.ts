// The Distributed Bookinfo metrics fleet as the demo inventory has it: east-1 and east-2 on
// Istio, west-1 on Linkerd — one traffic generator and one real Prometheus per cluster
// (external label `cluster`), plus a federating Prometheus.
import { startTrafficGenerator, type TrafficGenerator } from "@/scripts/lib/traffic-generator";

import { startPrometheus, type PrometheusServer } from "./prometheus-harness";

export const DEMO_MESHES = { "east-1": "istio", "east-2": "istio", "west-1": "linkerd" } as const;
export type DemoCluster = keyof typeof DEMO_MESHES;
export const DEMO_CLUSTERS = Object.keys(DEMO_MESHES) as DemoCluster[];

/** The running fleet. */
export interface MixedFleet {
  generators: Map<string, TrafficGenerator>;
  clusters: Map<string, PrometheusServer>;
  global: PrometheusServer;
  stop(): Promise<void>;
}

/** Starts generators, per-cluster Prometheus servers and the federating one. */
export async function startMixedFleet(): Promise<MixedFleet> {
  const generators = new Map<string, TrafficGenerator>();
  const clusters = new Map<string, PrometheusServer>();
  let global: PrometheusServer | undefined;
  const stop = async () => {
    await Promise.all([global, ...clusters.values()].map((p) => p?.stop()));
    await Promise.all([...generators.values()].map((g) => g.stop()));
  };
  try {
    for (const [i, cluster] of DEMO_CLUSTERS.entries()) {
      const peer = DEMO_CLUSTERS[(i + 1) % DEMO_CLUSTERS.length]!;
      generators.set(
        cluster,
        await startTrafficGenerator({ cluster, mesh: DEMO_MESHES[cluster], peers: [peer] }),
      );
    }
    const started = await Promise.all(
      DEMO_CLUSTERS.map((cluster) =>
        startPrometheus(cluster, { cluster }, [
          { job: "bookinfo", targets: [new URL(generators.get(cluster)!.url).host] },
        ]),
      ),
    );
    for (const p of started) clusters.set(p.name, p);
    global = await startPrometheus("global", {}, [
      {
        job: "federate",
        targets: started.map((p) => new URL(p.url).host),
        federate: ['{__name__=~"istio_.*|response_.*"}'],
      },
    ]);
  } catch (e) {
    await stop();
    throw e;
  }
  return { generators, clusters, global, stop };
}
