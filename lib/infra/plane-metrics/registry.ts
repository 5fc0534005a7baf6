// The plane's own Prometheus metrics (GET /metrics, behind the scrape token): one registry per
// process, so each replica reports its own requests, agents and pool. Names follow
// https://prometheus.io/docs/practices/naming/ (base units, _total counters, _seconds).
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

type PlaneMetrics = {
  registry: Registry;
  httpDuration: Histogram<"method" | "route" | "status">;
  agentsConnected: Gauge;
  propagation: Histogram<"outcome">;
  changeSets: Gauge<"status">;
  prometheusDuration: Histogram<"source">;
  prometheusErrors: Counter<"source" | "kind">;
  poolWait: Histogram;
};

function create(): PlaneMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "meridian_" });
  const registers = [registry];
  return {
    registry,
    httpDuration: new Histogram({
      name: "meridian_http_request_duration_seconds",
      help: "Time from a request's arrival to its response headers, by route pattern and status",
      labelNames: ["method", "route", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers,
    }),
    agentsConnected: new Gauge({
      name: "meridian_agents_connected",
      help: "Clusters whose agent holds a desired-state stream or long-poll open on this replica",
      registers,
    }),
    propagation: new Histogram({
      name: "meridian_desired_propagation_seconds",
      help: "Time from a change set's commit to a cluster's acknowledgement of it",
      labelNames: ["outcome"],
      buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900],
      registers,
    }),
    changeSets: new Gauge({
      name: "meridian_change_sets",
      help: "Change sets by status (read from the database at scrape time)",
      labelNames: ["status"],
      registers,
    }),
    prometheusDuration: new Histogram({
      name: "meridian_prometheus_query_duration_seconds",
      help: "Duration of queries to a metrics source, including the wait for a slot",
      labelNames: ["source"],
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    prometheusErrors: new Counter({
      name: "meridian_prometheus_query_errors_total",
      help: "Failed queries to a metrics source, by kind (timeout, unreachable, http, ...)",
      labelNames: ["source", "kind"],
      registers,
    }),
    poolWait: new Histogram({
      name: "meridian_db_pool_wait_seconds",
      help: "Time a query or transaction waited for a pooled database connection",
      buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
  };
}

// One set per process even when Next loads this module in several bundles.
const state = globalThis as unknown as { meridianMetrics?: PlaneMetrics };

/** The process's metrics (created on first use). */
export function planeMetrics(): PlaneMetrics {
  return (state.meridianMetrics ??= create());
}
