import "server-only";

import type { SourceTestResult } from "@/lib/model/metrics";
import { metricsClient } from "@/lib/services/fleet-metrics/metrics-runtime";
import type { RuntimeSource } from "@/lib/services/fleet-metrics/runtime-sources";
import { PrometheusQueryError } from "@/lib/fleet-metrics/prometheus-client";

// Prometheus: GET /api/v1/status/buildinfo → {status, data: {version}}.
// Alertmanager: GET /api/v2/status → {versionInfo: {version}}.
function versionOf(body: unknown): string | null {
  if (typeof body !== "object" || body === null) return null;
  const b = body as { data?: { version?: unknown }; versionInfo?: { version?: unknown } };
  const v = b.data?.version ?? b.versionInfo?.version;
  return typeof v === "string" ? v.slice(0, 64) : null;
}

const HINTS: Partial<Record<PrometheusQueryError["kind"], string>> = {
  timeout: "No answer in time.",
  unreachable: "Could not connect.",
  refused: "The URL is not allowed (see the allow-list).",
  redirect: "The source answered with a redirect, which Meridian does not follow.",
  "invalid-response": "The answer is not a Prometheus/Alertmanager API response.",
};

/**
 * Probes a source's build-info endpoint through the shared guarded client. The result's
 * message is generic: it never contains the URL, an address or a port.
 */
export async function testMetricsSource(source: RuntimeSource): Promise<SourceTestResult> {
  const client = await metricsClient();
  const path = source.kind === "alertmanager" ? "api/v2/status" : "api/v1/status/buildinfo";
  const started = performance.now();
  try {
    const version = await client.getJson(source, path, (body) => ({ version: versionOf(body) }));
    return {
      ok: true,
      version: version.version,
      latencyMs: Math.round(performance.now() - started),
      message: version.version ? `Connected (version ${version.version})` : "Connected",
    };
  } catch (err) {
    const kind = err instanceof PrometheusQueryError ? err.kind : null;
    const detail = err instanceof PrometheusQueryError ? err.message : "internal error";
    const auth = /HTTP 40[13]\b/.test(detail) ? "Authentication failed." : null;
    return {
      ok: false,
      version: null,
      latencyMs: Math.round(performance.now() - started),
      message: [auth ?? (kind ? HINTS[kind] : null), detail].filter(Boolean).join(" "),
    };
  }
}
