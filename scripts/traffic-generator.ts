// The traffic generator's command line (the generator itself: scripts/lib/traffic-generator.ts).
//   node --import tsx scripts/traffic-generator.ts --cluster east-1 --port 9101 --mesh istio \
//     [--peers east-2,west-1]
//   node scripts/dist/traffic-generator.mjs …   the same in the runtime tree (docker compose)
//   curl -XPOST localhost:9101/inject -d '{"service":"reviews","errorRate":0.5,"latencyMs":800}'
//   curl -XPOST localhost:9101/reset
import { parseArgs } from "node:util";
import { z } from "zod";
import { startTrafficGenerator } from "./lib/traffic-generator";

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      cluster: { type: "string" },
      port: { type: "string", default: "9101" },
      mesh: { type: "string", default: "istio" },
      peers: { type: "string", default: "" },
      host: { type: "string", default: "127.0.0.1" },
    },
  });
  const mesh = z.enum(["istio", "linkerd"]).parse(values.mesh);
  if (!values.cluster) throw new Error("--cluster is required");
  const gen = await startTrafficGenerator({
    cluster: values.cluster,
    mesh,
    port: Number(values.port),
    host: values.host,
    peers: values.peers ? values.peers.split(",").filter(Boolean) : [],
  });
  console.log(`traffic generator (${mesh}, cluster ${values.cluster}) on ${gen.url}/metrics`);
  const shutdown = () => void gen.stop().then(() => process.exit(0));
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
