// Query many Prometheus sources at once; a failing or slow source becomes a marked error
// next to the others' data (Headlamp's clusterResults), never a thrown whole.
import { PrometheusQueryError, type PrometheusSource } from "@/lib/fleet-metrics/prometheus-client";

/** One source's successful result. */
export interface SourceItem<T> {
  source: string;
  data: T;
}

/** One source's failure; `message` is safe to show (no URL, host or credentials). */
export interface SourceError {
  source: string;
  message: string;
}

/** Partial results: every source lands in exactly one of the two lists, in input order. */
export interface FanOutResult<T> {
  items: SourceItem<T>[];
  errors: SourceError[];
}

/**
 * Runs `fn` for every source in parallel and collects partial results. The per-request
 * timeout lives in the client; this never rejects because of one source.
 */
export async function fanOut<T, S extends PrometheusSource = PrometheusSource>(
  sources: readonly S[],
  fn: (source: S) => Promise<T>,
): Promise<FanOutResult<T>> {
  const settled = await Promise.allSettled(sources.map((s) => fn(s)));
  const result: FanOutResult<T> = { items: [], errors: [] };
  settled.forEach((outcome, i) => {
    const source = sources[i]!.name;
    if (outcome.status === "fulfilled") {
      result.items.push({ source, data: outcome.value });
    } else {
      result.errors.push({ source, message: safeMessage(source, outcome.reason) });
    }
  });
  return result;
}

function safeMessage(source: string, reason: unknown): string {
  // Our own errors are written to be shown; anything else might carry a URL, so hide it.
  if (reason instanceof PrometheusQueryError) return reason.message;
  return `source ${source} failed: internal error`;
}
