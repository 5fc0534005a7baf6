// Distributed Bookinfo traffic generator: serves /metrics in Prometheus text format with
// Istio- or Linkerd-style server-side request counters and latency histograms that
// advance in real time, plus knobs to inject errors and latency.
//
// Its command line: scripts/traffic-generator.ts.
import { createServer, type Server } from "node:http";

import { Counter, Histogram, Registry } from "prom-client";
import { z } from "zod";

/** Services of Bookinfo that report server-side metrics. */
export const BOOKINFO_SERVICES = ["productpage", "details", "reviews", "ratings"] as const;
type Service = (typeof BOOKINFO_SERVICES)[number];

const NAMESPACE = "bookinfo";
// Istio's default duration buckets (ms) and Linkerd's proxy latency buckets (ms).
const ISTIO_BUCKETS = [0.5, 1, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000, 30000, 60000];
const LINKERD_BUCKETS = [
  1, 2, 3, 4, 5, 10, 20, 30, 40, 50, 100, 200, 300, 400, 500, 1000, 2000, 3000, 4000, 5000, 10000,
];
const BASE_LATENCY_MS: Record<Service, number> = {
  productpage: 40,
  details: 5,
  reviews: 20,
  ratings: 4,
};

/** One call edge, reported by the destination (server) side. */
export interface GeneratorEdge {
  source: string;
  sourceCluster: string;
  destination: Service;
  rps: number;
  /** The host the caller named (a global hostname), reported as the destination; default the service. */
  host?: string | null;
  /** Share of calls answered 503 (a failed instance), on top of injected faults; default 0. */
  errorRate?: number;
}
type Edge = GeneratorEdge;

/** Options for {@link startTrafficGenerator}. */
export interface TrafficGeneratorOptions {
  cluster: string;
  mesh: "istio" | "linkerd";
  /** Address to listen on (default 127.0.0.1; 0.0.0.0 in a container). */
  host?: string;
  /** Port; 0 picks a free one. */
  port?: number;
  /**
   * Clusters whose productpage also calls this cluster's reviews (cross-cluster traffic,
   * whatever the intent: the metrics suite's fixed load). Ignored when `edges` is given.
   */
  peers?: string[];
  /** The calls this cluster serves (the demo routes them by the intent: lib/demo/traffic-routes.ts). */
  edges?: GeneratorEdge[];
  /** Multiplies every edge's request rate (the demo gives clusters different loads); default 1. */
  scale?: number;
  tickMs?: number;
}

/** A running generator. */
export interface TrafficGenerator {
  url: string;
  port: number;
  inject(service: string, fault: Fault): void;
  reset(): void;
  /** Replace the calls served from now on (counters of calls that stop simply stop rising). */
  setEdges(edges: GeneratorEdge[]): void;
  stop(): Promise<void>;
}

/** An injected fault for one service in this cluster. */
export const FaultSchema = z.object({
  errorRate: z.number().min(0).max(1).default(0),
  latencyMs: z.number().min(0).max(600_000).default(0),
});
type Fault = z.infer<typeof FaultSchema>;
const InjectSchema = FaultSchema.extend({ service: z.enum(BOOKINFO_SERVICES) });

function edgesFor(cluster: string, peers: string[]): Edge[] {
  const local = (source: string, destination: Service, rps: number): Edge => ({
    source,
    sourceCluster: cluster,
    destination,
    rps,
  });
  return [
    local("istio-ingressgateway", "productpage", 10),
    local("productpage", "details", 10),
    local("productpage", "reviews", 10),
    // reviews-v2 and -v3 call ratings; v1 does not.
    local("reviews", "ratings", 6.5),
    ...peers.map((peer) => ({
      source: "productpage",
      sourceCluster: peer,
      destination: "reviews" as const,
      rps: 2,
    })),
  ];
}

/** Starts a generator (on 127.0.0.1 unless `host` says otherwise). */
export async function startTrafficGenerator(
  opts: TrafficGeneratorOptions,
): Promise<TrafficGenerator> {
  const registry = new Registry();
  const istio = opts.mesh === "istio";
  const labelNames = istio
    ? [
        "reporter",
        "source_workload",
        "source_workload_namespace",
        "source_cluster",
        "destination_service_name",
        "destination_service_namespace",
        "destination_workload",
        "destination_cluster",
        "response_code",
        "request_protocol",
      ]
    : [
        "direction",
        "authority",
        "namespace",
        "deployment",
        "client_id",
        "source_cluster",
        "destination_cluster",
        "status_code",
        "classification",
        "tls",
      ];
  const requests = new Counter({
    name: istio ? "istio_requests_total" : "response_total",
    help: istio ? "Total requests." : "Total responses.",
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    // prom-client appends _bucket/_sum/_count.
    name: istio ? "istio_request_duration_milliseconds" : "response_latency_ms",
    help: "Request duration in milliseconds.",
    labelNames: labelNames.filter((l) => l !== "classification" || istio),
    buckets: istio ? ISTIO_BUCKETS : LINKERD_BUCKETS,
    registers: [registry],
  });

  const scale = opts.scale ?? 1;
  let edges: Edge[] = (opts.edges ?? edgesFor(opts.cluster, opts.peers ?? [])).map((e) => ({
    ...e,
    rps: e.rps * scale,
  }));
  const faults = new Map<Service, Fault>();
  // Deterministic accumulators: counts and error fractions advance exactly with time.
  const carry = new Map<string, { requests: number; errors: number }>();
  const carryKey = (e: Edge) => `${e.sourceCluster}/${e.source}>${e.destination}@${e.host ?? ""}`;

  const labelsFor = (e: Edge, code: number): Record<string, string> => {
    const version = "v1";
    return istio
      ? {
          reporter: "destination",
          source_workload: e.source === "istio-ingressgateway" ? e.source : `${e.source}-v1`,
          source_workload_namespace:
            e.source === "istio-ingressgateway" ? "istio-system" : NAMESPACE,
          source_cluster: e.sourceCluster,
          destination_service_name: e.host ?? e.destination,
          destination_service_namespace: NAMESPACE,
          destination_workload: `${e.destination}-${version}`,
          destination_cluster: opts.cluster,
          response_code: String(code),
          request_protocol: "http",
        }
      : {
          direction: "inbound",
          authority: `${e.host ?? `${e.destination}.${NAMESPACE}.svc.cluster.local`}:9080`,
          namespace: NAMESPACE,
          deployment: `${e.destination}-${version}`,
          client_id: `${e.source}.${NAMESPACE}.serviceaccount.identity.linkerd.cluster.local`,
          source_cluster: e.sourceCluster,
          destination_cluster: opts.cluster,
          status_code: String(code),
          classification: code >= 500 ? "failure" : "success",
          tls: "true",
        };
  };

  const tick = (dtSeconds: number) => {
    for (const e of edges) {
      const injected = faults.get(e.destination) ?? { errorRate: 0, latencyMs: 0 };
      const fault = { ...injected, errorRate: Math.max(injected.errorRate, e.errorRate ?? 0) };
      const acc = carry.get(carryKey(e)) ?? { requests: 0, errors: 0 };
      acc.requests += e.rps * dtSeconds;
      const n = Math.floor(acc.requests);
      acc.requests -= n;
      for (let i = 0; i < n; i++) {
        acc.errors += fault.errorRate;
        const failed = acc.errors >= 1;
        if (failed) acc.errors -= 1;
        const code = failed ? 503 : 200;
        const ms = (BASE_LATENCY_MS[e.destination] + fault.latencyMs) * (0.6 + 0.8 * Math.random());
        const labels = labelsFor(e, code);
        requests.inc(labels);
        if (!istio) delete labels.classification;
        latency.observe(labels, ms);
      }
      carry.set(carryKey(e), acc);
    }
  };

  const tickMs = opts.tickMs ?? 100;
  let last = Date.now();
  const timer = setInterval(() => {
    const t = Date.now();
    tick((t - last) / 1000);
    last = t;
  }, tickMs);

  const server: Server = createServer((req, res) => {
    const reply = (status: number, body: string, type = "text/plain") => {
      res.writeHead(status, { "content-type": type }).end(body);
    };
    if (req.method === "GET" && req.url === "/metrics") {
      registry.metrics().then(
        (text) => reply(200, text, registry.contentType),
        () => reply(500, "error"),
      );
      return;
    }
    if (req.method === "POST" && (req.url === "/inject" || req.url === "/reset")) {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      req.on("end", () => {
        if (req.url === "/reset") {
          faults.clear();
          return reply(200, "ok\n");
        }
        let json: unknown;
        try {
          json = JSON.parse(body);
        } catch {
          return reply(400, "invalid JSON\n");
        }
        const parsed = InjectSchema.safeParse(json);
        if (!parsed.success) return reply(400, "invalid fault\n");
        const { service, ...fault } = parsed.data;
        faults.set(service, fault);
        reply(200, "ok\n");
      });
      return;
    }
    reply(404, "not found\n");
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    inject(service, fault) {
      faults.set(InjectSchema.parse({ service, ...fault }).service, FaultSchema.parse(fault));
    },
    reset: () => faults.clear(),
    setEdges(next) {
      edges = next.map((e) => ({ ...e, rps: e.rps * scale }));
    },
    stop: async () => {
      clearInterval(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
