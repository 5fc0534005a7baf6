// The demo's traffic, routed by the intent: one traffic generator per cluster and VM site
// reports the calls it serves under the current intent (lib/demo/traffic-routes.ts). The
// intent is read again every few seconds through the REST API, as a viewer, so an applied
// import or failover change moves the traffic within one poll and one rate() window.
//
// A small control listener on 127.0.0.1 is the demo's failure switch and its one bypassing flow:
//   curl localhost:3002/routes
//   curl -XPOST localhost:3002/fail -d '{"cluster":"east-2","service":"ratings","failed":true}'
//   curl -XPOST localhost:3002/bypass -d '{"from":"west-1","service":"details","on":true}'
//   curl -XPOST localhost:3002/reset
import { createServer, type Server } from "node:http";

import { z } from "zod";
import { routeDemoTraffic, type BypassFlow, type RoutedEdge } from "@/lib/demo/traffic-routes";
import { intentListSchema, type IntentDto } from "@/lib/model/intent";
import {
  BOOKINFO_SERVICES,
  startTrafficGenerator,
  type GeneratorEdge,
  type TrafficGenerator,
} from "./traffic-generator";

/** A cluster or VM site whose calls the demo generates. */
export interface DemoTrafficCluster {
  name: string;
  mesh: "istio" | "linkerd";
  services: string[];
  /** Its ingress load relative to the others. */
  scale: number;
}

/** Where the intent is read again while the app runs. */
export interface IntentReader {
  appUrl: string;
  token: string;
}

/** The running traffic. */
export interface DemoTraffic {
  generators: Map<string, TrafficGenerator>;
  /** URL of the control listener, or null when none was asked for. */
  controlUrl: string | null;
  routes(): RoutedEdge[];
  setIntents(intents: IntentDto[]): void;
  stop(): Promise<void>;
}

const serviceSchema = z.enum(BOOKINFO_SERVICES);
const FailSchema = z.object({
  cluster: z.string().min(1),
  service: serviceSchema,
  failed: z.boolean(),
});
const BypassSchema = z.object({ from: z.string().min(1), service: serviceSchema, on: z.boolean() });

const isBookinfoService = (s: string): s is GeneratorEdge["destination"] =>
  serviceSchema.safeParse(s).success;

/** Reads every page of GET /api/v1/intent. */
export async function readIntent(reader: IntentReader): Promise<IntentDto[]> {
  const items: IntentDto[] = [];
  let cursor: string | null = null;
  do {
    const url = new URL("/api/v1/intent", reader.appUrl);
    url.searchParams.set("limit", "1000");
    if (cursor) url.searchParams.set("cursor", cursor);
    const res = await fetch(url, {
      headers: { authorization: `Bearer ${reader.token}` },
      signal: AbortSignal.timeout(5_000),
    });
    if (!res.ok) throw new Error(`GET /api/v1/intent answered ${res.status}`);
    const page = intentListSchema.parse(await res.json());
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

/** Starts the generators (routed by `intents`), the intent poll and the control listener. */
export async function startDemoTraffic(opts: {
  clusters: DemoTrafficCluster[];
  intents: IntentDto[];
  reader?: IntentReader;
  pollMs?: number;
  /** Port of the control listener on 127.0.0.1 (0 picks one); none when undefined. */
  controlPort?: number;
  say?: (msg: string) => void;
}): Promise<DemoTraffic> {
  let intents = opts.intents;
  const failed = new Set<string>();
  let bypass: BypassFlow[] = [];
  const generators = new Map<string, TrafficGenerator>();
  let routes: RoutedEdge[] = [];

  const reroute = () => {
    routes = routeDemoTraffic({
      clusters: opts.clusters,
      intents,
      failed: [...failed],
      bypass,
    });
    for (const [cluster, gen] of generators) gen.setEdges(edgesServedBy(routes, cluster));
  };

  const stopAll: Array<() => Promise<void>> = [];
  const stop = async () => void (await Promise.all(stopAll.map((s) => s())));
  try {
    routes = routeDemoTraffic({ clusters: opts.clusters, intents });
    for (const c of opts.clusters) {
      const gen = await startTrafficGenerator({
        cluster: c.name,
        mesh: c.mesh,
        edges: edgesServedBy(routes, c.name),
      });
      generators.set(c.name, gen);
      stopAll.push(() => gen.stop());
    }
    if (opts.reader) {
      const reader = opts.reader;
      let warned = false;
      const timer = setInterval(() => {
        readIntent(reader).then(
          (next) => {
            intents = next;
            warned = false;
            reroute();
          },
          (err: unknown) => {
            // The app may still be starting, or restarting: keep routing by the last intent read.
            if (!warned) opts.say?.(`traffic: cannot read the intent yet (${String(err)})`);
            warned = true;
          },
        );
      }, opts.pollMs ?? 5_000);
      stopAll.push(async () => clearInterval(timer));
    }
    let controlUrl: string | null = null;
    if (opts.controlPort !== undefined) {
      const server = controlServer({
        routes: () => ({ edges: routes, failed: [...failed].sort(), bypass }),
        fail: ({ cluster, service, failed: on }) => {
          if (on) failed.add(`${cluster}/${service}`);
          else failed.delete(`${cluster}/${service}`);
          reroute();
        },
        bypass: ({ from, service, on }) => {
          bypass = bypass.filter((b) => b.from !== from || b.service !== service);
          if (on) bypass.push({ from, service });
          reroute();
        },
        reset: () => {
          failed.clear();
          bypass = [];
          reroute();
        },
        knows: (cluster) => opts.clusters.some((c) => c.name === cluster),
      });
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(opts.controlPort, "127.0.0.1", () => resolve());
      });
      const address = server.address();
      controlUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
      stopAll.push(async () => {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      });
    }
    return {
      generators,
      controlUrl,
      routes: () => routes,
      setIntents(next) {
        intents = next;
        reroute();
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** The edges one cluster's generator reports: the calls its instances serve. */
function edgesServedBy(routes: readonly RoutedEdge[], cluster: string): GeneratorEdge[] {
  return routes.flatMap((e) =>
    e.destinationCluster === cluster && isBookinfoService(e.destination)
      ? [
          {
            source: e.source,
            sourceCluster: e.sourceCluster,
            destination: e.destination,
            rps: e.rps,
            host: e.host,
            errorRate: e.errorRate,
          },
        ]
      : [],
  );
}

function controlServer(ops: {
  routes(): unknown;
  fail(input: z.infer<typeof FailSchema>): void;
  bypass(input: z.infer<typeof BypassSchema>): void;
  reset(): void;
  knows(cluster: string): boolean;
}): Server {
  return createServer((req, res) => {
    const reply = (status: number, body: unknown) =>
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (req.method === "GET" && req.url === "/routes") return reply(200, ops.routes());
    if (req.method !== "POST") return reply(404, { error: "not found" });
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      let json: unknown = {};
      try {
        json = body ? JSON.parse(body) : {};
      } catch {
        return reply(400, { error: "invalid JSON" });
      }
      if (req.url === "/reset") {
        ops.reset();
        return reply(200, ops.routes());
      }
      const schema = req.url === "/fail" ? FailSchema : req.url === "/bypass" ? BypassSchema : null;
      if (!schema) return reply(404, { error: "not found" });
      const parsed = schema.safeParse(json);
      if (!parsed.success) return reply(400, { error: parsed.error.issues[0]?.message });
      const cluster = "cluster" in parsed.data ? parsed.data.cluster : parsed.data.from;
      if (!ops.knows(cluster)) return reply(400, { error: `unknown cluster ${cluster}` });
      if ("failed" in parsed.data) ops.fail(parsed.data);
      else ops.bypass(parsed.data);
      reply(200, ops.routes());
    });
  });
}
