import "server-only";

import { getAllowList } from "@/lib/services/fleet-metrics/allow-list";
import { createPinnedFetch } from "@/lib/fleet-metrics/pinned-fetch";
import {
  createPrometheusClient,
  type PrometheusClient,
} from "@/lib/fleet-metrics/prometheus-client";
import { createSsrfGuard, type SsrfGuard } from "@/lib/fleet-metrics/ssrf-guard";

// One long-lived Prometheus client per server process, so its per-source concurrency limit
// and short cache are shared by every request. Outbound requests go through the pinned
// fetch: each is checked by the SSRF guard against the current allow-list and connects
// only to the addresses that were checked.

const ALLOW_LIST_TTL_MS = 5_000;

interface Runtime {
  client: PrometheusClient;
  guard: SsrfGuard;
  allowLoadedAt: number;
}

let runtime: Runtime | undefined;

function build(): Runtime {
  const state: Runtime = {
    guard: createSsrfGuard(),
    allowLoadedAt: 0,
    client: undefined as unknown as PrometheusClient,
  };
  // Delegates to the current guard, which is swapped when the allow-list changes.
  const guard: SsrfGuard = {
    check: (url) => state.guard.check(url),
    resolve: (url) => state.guard.resolve(url),
  };
  state.client = createPrometheusClient({
    timeoutMs: 4_000,
    concurrency: 4,
    cacheTtlMs: 5_000,
    fetch: createPinnedFetch({ guard }),
  });
  return state;
}

/** Forgets the cached allow-list (call after it changes). */
export function invalidateMetricsAllowList(): void {
  if (runtime) runtime.allowLoadedAt = 0;
}

/**
 * The shared metrics client with SSRF guard and DNS pinning, its allow-list refreshed from
 * the database at most every 5 s. Used by golden signals, the source test and alerts.
 */
export async function metricsClient(): Promise<PrometheusClient> {
  runtime ??= build();
  if (Date.now() - runtime.allowLoadedAt > ALLOW_LIST_TTL_MS) {
    runtime.guard = createSsrfGuard({ allow: await getAllowList() });
    runtime.allowLoadedAt = Date.now();
  }
  return runtime.client;
}
